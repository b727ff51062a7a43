// Small pieces the console screens share: the small buttons, a status badge, a pager, a form panel, a row's
// Hindi line, and the line that says a list is loading or failed.
import type { ReactNode } from 'react';
import { ApiError } from '../../../shared/api/client.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';

/** the site's buttons in their small size */
export const btn = {
  primary: buttonStyle('primary', 'small'),
  secondary: buttonStyle('secondary', 'small'),
  danger: buttonStyle('danger', 'small'),
} as const;

export const tableClass = 'w-full border-collapse text-left text-sm';
export const thClass = 'border-b border-slate-300 bg-slate-50 px-3 py-2 font-semibold text-slate-800';
export const tdClass = 'border-b border-slate-200 px-3 py-2 align-top';

const tones = {
  green: 'bg-green-100 text-green-900',
  red: 'bg-red-100 text-red-900',
  amber: 'bg-amber-100 text-amber-900',
  slate: 'bg-slate-200 text-slate-800',
  blue: 'bg-sky-100 text-sky-900',
} as const;

/** a catalogue row's Hindi text under its English, marked as Hindi; nothing where none is written */
export function HindiLine({ text }: { text: string | null }) {
  return text ? (
    <span lang="hi" className="block font-normal text-slate-700">
      {text}
    </span>
  ) : null;
}

export function Badge({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

/**
 * "Showing 1–20 of 57" and the page buttons. `capped`: the list was not counted to the end (a broad
 * search of the appointment queue): more than `total` match, and Next stays open.
 */
export function Pager({ total, offset, limit, onChange, label, capped = false }: { total: number; offset: number; limit: number; onChange(offset: number): void; label: string; capped?: boolean }) {
  if (total === 0) return null;
  const last = Math.min(offset + limit, total);
  return (
    <nav aria-label={`${label} pages`} className="mt-3 flex items-center justify-between gap-3 text-sm text-slate-700">
      <p>
        Showing {offset + 1}–{last} of {capped ? `more than ${total.toLocaleString('en-IN')}` : total}
      </p>
      <div className="flex gap-2">
        <button type="button" className={btn.secondary} disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
          Previous
        </button>
        <button type="button" className={btn.secondary} disabled={last >= total && !capped} onClick={() => onChange(offset + limit)}>
          Next
        </button>
      </div>
    </nav>
  );
}

/** loading text, or the error of a failed list (a 403 is handled by the console itself) */
export function ListState({ isLoading, error, loadingText = 'Loading...' }: { isLoading: boolean; error: unknown; loadingText?: string }) {
  if (isLoading) return <p className="py-4 text-slate-600">{loadingText}</p>;
  if (error) {
    const message = error instanceof ApiError ? error.message : 'Could not reach the server.';
    return <StatusMessage tone="error" message={`Could not load the list: ${message}`} className="my-3" />;
  }
  return null;
}

/** a bordered form area with a heading */
export function Panel({ title, children, headingLevel = 3 }: { title: string; children: ReactNode; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-label={title} className="mb-6 rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
      <Heading className="mb-3 text-lg font-bold text-slate-900">{title}</Heading>
      {children}
    </section>
  );
}

/** a wide table's horizontal scroller: focusable and named, so it can be scrolled from the keyboard */
export function ScrollArea({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={`overflow-x-auto ${className}`} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
