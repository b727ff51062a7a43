// The compiled catalogues, read by the root route's loader on the server only (loaders and what only
// they import are left out of the browser build), which sends a page the one of its language.
import type { Locale } from '@lab/contract';
import english from './catalogues/en.json';
import hindi from './catalogues/hi.json';
import type { Messages } from './i18n.tsx';

export const catalogues: Record<Locale, Messages> = { en: english, hi: hindi };
