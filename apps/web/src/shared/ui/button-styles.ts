// Class names of the site's buttons and button-like links, so every page's actions look alike.

const base =
  'inline-flex items-center justify-center font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 motion-reduce:transition-none';

const sizes = {
  regular: 'gap-2 rounded-lg px-5 py-3 text-sm',
  /** dense screens: the staff console's tables and forms */
  small: 'gap-1 rounded-md px-3 py-1.5 text-sm',
} as const;

const looks = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700',
  secondary: 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50 focus-visible:outline-brand-700',
  light: 'bg-white text-brand-900 hover:bg-brand-50 focus-visible:outline-white',
  danger: 'border border-red-700 bg-white text-red-800 hover:bg-red-50 focus-visible:outline-red-700',
} as const;

export function buttonStyle(look: keyof typeof looks, size: keyof typeof sizes = 'regular'): string {
  return `${base} ${sizes[size]} ${looks[look]}`;
}

export const buttonClass = {
  primary: buttonStyle('primary'),
  secondary: buttonStyle('secondary'),
  light: buttonStyle('light'),
} as const;

/** a text input, textarea or select */
export const inputClass =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-offset-0 focus:outline-brand-700 aria-invalid:border-red-700';

export const labelClass = 'mb-1 block text-sm font-semibold text-slate-800';
