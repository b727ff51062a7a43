// Component tests render in a language as pages do: the whole catalogue of one language.
import type { ReactNode } from 'react';
import type { Locale } from '@lab/contract';
import english from './catalogues/en.json';
import hindi from './catalogues/hi.json';
import { LanguageProvider, type Messages } from './i18n.tsx';

export const testCatalogues: Record<Locale, Messages> = { en: english, hi: hindi };

export function InLanguage({ locale = 'en', messages, children }: { locale?: Locale; messages?: Messages; children: ReactNode }) {
  return <LanguageProvider language={{ locale, messages: messages ?? testCatalogues[locale] }}>{children}</LanguageProvider>;
}
