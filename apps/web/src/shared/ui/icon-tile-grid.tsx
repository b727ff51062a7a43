// A grid of tiles of an icon, a heading (h3) and a line: the home page's "What we offer" and "Why choose
// us", the About page's "Why Us". Each look is one of those pages' own.
import type { ComponentType } from 'react';
import { useT } from '../i18n/i18n.tsx';
import type { MessageId } from '../i18n/message-id.ts';
import type { IconProps } from './icons.tsx';

export interface IconTile {
  title: MessageId;
  text: MessageId;
  Icon: ComponentType<IconProps>;
}

/** how a tile looks: a white card, an outlined one, or one tinted with the brand's colour */
const tileLooks = {
  card: { tile: 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm', icon: 'h-8 w-8 text-brand-700' },
  outline: { tile: 'rounded-xl border border-slate-200 p-6', icon: 'h-8 w-8 text-brand-700' },
  tint: { tile: 'rounded-xl bg-brand-50 p-6', icon: 'h-8 w-8 text-brand-800' },
} as const;

const tileColumns = { 3: 'mt-8 grid gap-6 md:grid-cols-3', 4: 'mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4' } as const;

/** tiles of an icon, a heading (h3) and a line, e.g. "Why choose us" */
export function IconTileGrid({ tiles, look, columns }: { tiles: readonly IconTile[]; look: keyof typeof tileLooks; columns: keyof typeof tileColumns }) {
  const t = useT();
  const { tile, icon } = tileLooks[look];
  return (
    <ul className={tileColumns[columns]}>
      {tiles.map(({ title, text, Icon }) => (
        <li key={title} className={tile}>
          <Icon className={icon} />
          <h3 className="mt-3 text-lg font-bold text-slate-900">{t(title)}</h3>
          <p className="mt-1 text-slate-700">{t(text)}</p>
        </li>
      ))}
    </ul>
  );
}
