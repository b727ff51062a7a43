// The list of cards of a content page (offers, careers) with the words for an empty list, and the
// message a content page shows when its data could not be read (docs/product.md#messages), and the page's
// <title> and description from the texts its module holds. (The home and About pages' icon tiles are
// icon-tile-grid.tsx, apart, so the home page loads none of this.)
import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n.tsx';

export function CardGrid<T extends { id: number }>({ items, empty, card }: { items: T[]; empty: string; card: (item: T) => ReactNode }) {
  if (items.length === 0) return <p className="text-lg text-slate-700">{empty}</p>;
  return <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">{items.map(card)}</ul>;
}

export function LoadError({ what }: { what: string }) {
  const t = useT();
  return (
    <p role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800">
      {t('frame.error', { message: what })}
    </p>
  );
}

/** a route's `meta`: the page's <title> and description */
export const contentPageMeta = ({ title, description }: { title: string; description: string }) => [{ title }, { name: 'description', content: description }];
