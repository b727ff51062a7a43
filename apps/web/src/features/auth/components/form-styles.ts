// Tailwind classes of the account forms: the site's shared input and button looks, a full-width
// submit button and the inline link style of the "New user? Register" lines.
import { buttonClass, inputClass, labelClass } from '../../../shared/ui/button-styles.ts';

export { inputClass, labelClass };

export const primaryButtonClass = `${buttonClass.primary} w-full`;

export const linkClass =
  'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
