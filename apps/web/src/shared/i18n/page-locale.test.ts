import { describe, expect, it } from 'vitest';
import { makeLanguage } from './i18n.tsx';
import { hasHindiPath, hasHindiVersion, needsOtherMessages, pageLocale, pageSections, showsAllLabDetails } from './page-locale.ts';

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

  it('has the privacy notice in both languages: /privacy English whatever the cookie says, /hi/privacy Hindi, with all the lab details', () => {
    expect(hasHindiVersion('/privacy')).toBe(true);
    expect(hasHindiVersion('/hi/privacy')).toBe(true);
    expect(pageLocale('/privacy', 'lang=hi')).toBe('en');
    expect(pageLocale('/Privacy/', 'lang=hi')).toBe('en');
    expect(pageLocale('/hi/privacy', 'lang=en')).toBe('hi');
    expect(pageSections('/privacy')).not.toContain('patient');
    expect(pageSections('/hi/privacy')).not.toContain('patient');
    expect(showsAllLabDetails('/hi/privacy')).toBe(true);
  });

  it('has the packages screen at /hi/packages in Hindi whatever the cookie says, and at /packages following the cookie', () => {
    expect(pageLocale('/hi/packages', null)).toBe('hi');
    expect(pageLocale('/hi/packages', 'lang=en')).toBe('hi');
    expect(pageLocale('/packages', 'lang=hi')).toBe('hi');
    expect(pageLocale('/packages', null)).toBe('en');
    expect(hasHindiPath('/packages')).toBe(true);
    expect(hasHindiPath('/hi/Packages/')).toBe(true);
    expect(hasHindiPath('/Services')).toBe(true);
    expect(hasHindiPath('/membership')).toBe(false);
    expect(pageSections('/hi/packages')).toContain('patient');
    // a Hindi page's link to the packages stays in Hindi; an English page's does not move
    expect(makeLanguage({ locale: 'hi', messages: {} }).localePath('/packages')).toBe('/hi/packages');
    expect(makeLanguage({ locale: 'hi', messages: {} }).localePath('/membership')).toBe('/membership');
    expect(makeLanguage({ locale: 'en', messages: {} }).localePath('/packages')).toBe('/packages');
  });
});

describe('the catalogue sections a page gets', () => {
  it('are the frame’s and its own page’s, in either language', () => {
    expect(pageSections('/hi/Hematology')).toEqual(expect.arrayContaining(['nav', 'footer', 'services', 'hematology']));
    expect(pageSections('/')).toContain('home');
    expect(pageSections('/hi')).toContain('home');
    expect(pageSections('/blog/4')).toContain('blogs');
    expect(pageSections('/hi/Services')).not.toContain('home');
  });

  it('are the frame’s and the patient screens’ on a patient screen', () => {
    expect(pageSections('/Appointment')).toEqual(expect.arrayContaining(['nav', 'patient']));
    expect(pageSections('/Appointment')).not.toContain('home');
    // the booking in plain steps: its own steps' words only (the public pages' first-load budget)
    expect(pageSections('/book')).toEqual(expect.arrayContaining(['nav', 'footer', 'patient.steps']));
    expect(pageSections('/book/')).not.toContain('patient');
  });
});

describe('moving between pages', () => {
  it('reads the root again only for another language or messages the current page lacks', () => {
    expect(needsOtherMessages('/', '/offers', '')).toBe(false);
    expect(needsOtherMessages('/Services', '/Career', '')).toBe(false);
    expect(needsOtherMessages('/Hematology', '/Services', '')).toBe(false);
    expect(needsOtherMessages('/offers', '/', '')).toBe(true);
    expect(needsOtherMessages('/Services', '/hi/Services', '')).toBe(true);
    expect(needsOtherMessages('/Services', '/Login', 'lang=en')).toBe(true);
    expect(needsOtherMessages('/Login', '/Appointment', 'lang=hi')).toBe(false);
  });

  it('reads the root again for a page that shows lab details the current page was not sent', () => {
    expect(needsOtherMessages('/Services', '/privacy', '')).toBe(true);
    expect(needsOtherMessages('/hi', '/hi/Contact', '')).toBe(true);
    expect(needsOtherMessages('/About', '/privacy', '')).toBe(false);
    expect(needsOtherMessages('/About', '/offers', '')).toBe(false);
  });
});

describe('the lab details a page is sent', () => {
  it('are all of them only where the lab details list, the privacy notice or a patient screen shows them', () => {
    for (const page of ['/About', '/hi/Contact', '/privacy', '/Login', '/billing/7', '/staff']) expect(showsAllLabDetails(page), page).toBe(true);
    for (const page of ['/', '/hi', '/diagnostic', '/Services', '/hi/Hematology', '/Blogs', '/blog/3', '/offers', '/hi/Career']) expect(showsAllLabDetails(page), page).toBe(false);
  });
});
