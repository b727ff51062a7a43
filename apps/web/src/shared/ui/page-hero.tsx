// The banner at the top of a content page: its one h1, a tagline, optional actions and artwork.
import type { ReactNode } from 'react';

export interface PageHeroProps {
  title: ReactNode;
  tagline?: ReactNode;
  /** buttons or links under the tagline */
  actions?: ReactNode;
  /** artwork shown beside the text on wide screens (decorative) */
  art?: ReactNode;
  eyebrow?: string;
}

export function PageHero({ title, tagline, actions, art, eyebrow }: PageHeroProps) {
  return (
    <section className="bg-gradient-to-br from-brand-50 via-white to-brand-100">
      {/* Two columns only with artwork: without, the text takes the width (no empty right half). */}
      <div className={`mx-auto grid max-w-7xl items-center gap-8 px-4 py-12 sm:px-6 md:py-16 ${art ? 'lg:grid-cols-[3fr_2fr]' : ''}`}>
        <div>
          {eyebrow ? <p className="text-sm font-semibold uppercase tracking-widest text-brand-800">{eyebrow}</p> : null}
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl lg:text-5xl">{title}</h1>
          {tagline ? <p className={`mt-4 text-lg text-slate-700 ${art ? 'max-w-2xl' : 'max-w-4xl'}`}>{tagline}</p> : null}
          {actions ? <div className="mt-6 flex flex-wrap gap-3">{actions}</div> : null}
        </div>
        {art ? <div className="hidden justify-center lg:flex">{art}</div> : null}
      </div>
    </section>
  );
}
