// The booking page's top: its title, its line of introduction and, for a guest, the offer to sign in by
// mobile number. The page draws it, and so does the frame the server sends before the scripts have
// started (BookingFrame): the same words in the same places, so a phone shows the page's top at once,
// and nothing moves or grows when the page takes over (decision 080).
import type { ReactNode } from 'react';
import { SESSION_KEYS } from '../../../shared/auth/auth-storage.ts';
import { useT } from '../../../shared/i18n/i18n.tsx';

/** marks the guest's sign-in offer, which the frame's script hides when a session is stored */
const GUEST_OFFER = 'data-guest-offer';

/** `signIn`: the offer's contents (the page's form, or the frame's note), or null for no offer */
export function BookingTop({ signIn }: { signIn: ReactNode | null }) {
  const t = useT();
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{t('patient.booking.title')}</h1>
      <p className="mt-2 text-slate-600">{t('patient.booking.intro')}</p>
      {signIn ? (
        <details {...{ [GUEST_OFFER]: '' }} className="mt-4 rounded-lg border border-slate-200 p-4">
          <summary className="cursor-pointer font-semibold text-brand-800">{t('patient.phone.booking')}</summary>
          <div className="mt-4 max-w-md">{signIn}</div>
        </details>
      ) : null}
    </>
  );
}

// Run as the frame is parsed, before its first paint: the server cannot know whether this browser holds a
// session (it is kept in localStorage), so a signed-in patient's frame drops the guest's offer here, as the
// page will. The Content-Security-Policy allows it by its hash, as every inline script of a page.
const hideOfferWhenSignedIn = `try{if(localStorage.getItem(${JSON.stringify(SESSION_KEYS.user)}))document.querySelector('[${GUEST_OFFER}]').hidden=true}catch(e){}`;

/**
 * What the server sends for /Appointment in place of the page (which runs in the browser only): the page's
 * top as the page draws it, then `rest` (the note for a browser without JavaScript, and "Loading").
 */
export function BookingFrame({ loading, rest }: { loading: ReactNode; rest: ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <BookingTop signIn={loading} />
      <script dangerouslySetInnerHTML={{ __html: hideOfferWhenSignedIn }} />
      {/* without scripts there is no signing in by code here: the note below links the plain steps */}
      <noscript>
        <style>{`[${GUEST_OFFER}]{display:none}`}</style>
      </noscript>
      {rest}
    </div>
  );
}
