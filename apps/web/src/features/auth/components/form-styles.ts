// Tailwind classes the account forms share, so every input and button has the same visible focus.
export const inputClass =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700';

export const labelClass = 'mb-1 block text-sm font-medium text-slate-800';

export const primaryButtonClass =
  'w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-900 disabled:cursor-not-allowed disabled:bg-slate-400 disabled:text-slate-900';

export const linkClass =
  'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
