import { describe, expect, it } from 'vitest';
import { hasHindiVersion, pageLocale } from './page-locale.ts';

describe('the language of a page', () => {
  it('is Hindi under /hi/ and English at the spec’s public paths, whatever the cookie says', () => {
    expect(pageLocale('/hi/Services', null)).toBe('hi');
    expect(pageLocale('/hi', 'lang=en')).toBe('hi');
    expect(pageLocale('/Services', 'lang=hi')).toBe('en');
    expect(pageLocale('/blog/3', 'lang=hi')).toBe('en');
  });

  it('follows the lang cookie on patient screens, English without one or with another value', () => {
    expect(pageLocale('/Appointment', 'a=1; lang=hi')).toBe('hi');
    expect(pageLocale('/UserDashboard', 'lang=en')).toBe('en');
    expect(pageLocale('/Login', null)).toBe('en');
    expect(pageLocale('/Login', 'lang=fr')).toBe('en');
    expect(pageLocale('/Login', 'xlang=hi')).toBe('en');
  });

  it('knows which pages have a Hindi version', () => {
    expect(hasHindiVersion('/about')).toBe(true);
    expect(hasHindiVersion('/hi/Microbiology')).toBe(true);
    expect(hasHindiVersion('/Services/')).toBe(true);
    expect(hasHindiVersion('/Appointment')).toBe(false);
    expect(hasHindiVersion('/staff')).toBe(false);
  });
});
