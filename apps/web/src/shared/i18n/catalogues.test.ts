// The two catalogues hold the same messages, every Hindi message is Hindi (Devanagari, not English
// left behind), and each compiles with the placeholders of its English original.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import english from './catalogues/en.json';
import hindi from './catalogues/hi.json';
import { packedMessagesOf } from './catalogues.server.ts';
import { makeLanguage } from './i18n.tsx';

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

// The switch names the other language in that language's own script.
const otherScript = new Set(['language.switch', 'language.switchLabel']);

describe('translation catalogues', () => {
  it('Hindi has every English message and no other', () => {
    expect(Object.keys(hindi).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(Object.entries(english))('%s is translated into Hindi with the same placeholders', (id, message) => {
    const translation = (hindi as Record<string, string>)[id] ?? '';
    expect(() => compileMessage(translation)).not.toThrow();
    expect(placeholders(translation)).toEqual(placeholders(message));
    // the marks that separate messages in a page's data (catalogues.server.ts)
    expect(message + translation).not.toMatch(/[~^]/);
    if (!otherScript.has(id)) {
      expect(translation, `${id} is in Devanagari`).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('interpolates values in either language', () => {
    const values = { year: 2025, name: 'Lab Centre Diagnostics' };
    expect(makeLanguage({ locale: 'en', messages: english }).t('footer.copyright', values)).toBe('© 2025 Lab Centre Diagnostics. All rights reserved.');
    expect(makeLanguage({ locale: 'hi', messages: hindi }).t('footer.copyright', values)).toBe('© 2025 Lab Centre Diagnostics। सर्वाधिकार सुरक्षित।');
  });

  it('formats plurals as Lingui does, and reads the packed messages a page gets', () => {
    const sections = ['footer', 'home', 'nav'];
    const en = makeLanguage({ locale: 'en', messages: packedMessagesOf('en', sections) });
    const hi = makeLanguage({ locale: 'hi', messages: packedMessagesOf('hi', sections) });
    expect(en.t('home.popular.tests', { count: 1 })).toBe('1 test');
    expect(en.t('home.popular.tests', { count: 4 })).toBe('4 tests');
    expect(hi.t('home.popular.tests', { count: 4 })).toBe('4 जाँचें');
    expect(en.t('footer.copyright', { year: 2025, name: 'X' })).toBe('© 2025 X. All rights reserved.');
    expect(hi.t('nav.home')).toBe(hindi['nav.home']);
  });

  it('links to public pages stay in the page language, patient screens keep their one path', () => {
    const { localePath } = makeLanguage({ locale: 'hi', messages: hindi });
    expect(localePath('/Services')).toBe('/hi/Services');
    expect(localePath('/')).toBe('/hi');
    expect(localePath('/Appointment')).toBe('/Appointment');
    expect(makeLanguage({ locale: 'en', messages: english }).localePath('/Services')).toBe('/Services');
  });
});
