// The sidebar and the profile menu carry their own words in both languages (they load when first
// opened), so a Hindi page's data need not: opened on a Hindi page, with only the messages the root's
// data sends, they still speak Hindi.
import { renderToString } from 'react-dom/server';
import { createRef } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../../shared/auth/auth-context.tsx';
import { rootMessages } from '../../shared/i18n/catalogues.server.ts';
import { LanguageProvider } from '../../shared/i18n/i18n.tsx';
import ProfileMenuItems from './profile-menu-items.tsx';
import { Sidebar } from './sidebar.tsx';

const sidebarOnly = ['साइट मेन्यू', 'हमें फ़ॉलो करें', 'माइक्रोबायोलॉजी (संक्रमण की जाँच)'];
const profileMenuOnly = ['रजिस्टर करें'];
/** the ids of the `menu` messages a page's data carries (packed as `id^message~…` outside the build) */
const menuIds = (messages: string) => messages.split('~').map((entry) => entry.split('^')[0]!).filter((id) => id.startsWith('menu.'));

function render(locale: 'en' | 'hi', page: string) {
  const messages = rootMessages(page, locale);
  const html = renderToString(
    <MemoryRouter initialEntries={[page]}>
      <AuthProvider>
        <LanguageProvider language={{ locale, messages }}>
          <Sidebar id="menu" open onClose={() => {}} toggleRef={createRef()} />
          <ProfileMenuItems open close={() => {}} root={createRef()} button={createRef()} />
        </LanguageProvider>
      </AuthProvider>
    </MemoryRouter>,
  );
  return { messages, html };
}

describe('the sidebar and the profile menu', () => {
  it('speak Hindi on a Hindi page whose data does not carry their words', () => {
    const { messages, html } = render('hi', '/hi');
    // only what the frame shows before any click comes with the page: the footer's Offers and Careers, the sign-in link
    expect(menuIds(messages).sort()).toEqual(['menu.career', 'menu.login', 'menu.offers']);
    for (const text of [...sidebarOnly, ...profileMenuOnly]) expect(html).toContain(text);
    expect(html).not.toMatch(/Site menu|Follow us|>Register</);
  });

  it('speak English on an English page', () => {
    const { html } = render('en', '/');
    for (const text of ['Site menu', 'Follow us', 'MicroBiology', 'Register']) expect(html).toContain(text);
  });
});
