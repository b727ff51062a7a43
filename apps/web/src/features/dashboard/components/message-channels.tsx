// "How we message you" on the dashboard (docs/messaging.md): e-mail always on, SMS and WhatsApp on or off, the
// numbers that stopped a channel (a STOP reply or the provider's opt-out event, with when and how), and
// turning a channel back on. WhatsApp needs its own explicit opt-in each time it is turned on (the
// platform's rule); the API records it as a consent with the notice version.
import { type ChannelSettings, formatIndianMobile, type Locale, whatsappNotice } from '@lab/contract';
import { useId, useState } from 'react';
import { useChannelSettings, useUpdateChannelSettings } from '../../../shared/api/channels.ts';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { formErrorsOf } from '../../../shared/lib/form-errors.ts';
import { type Translate, useLanguage } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { FieldError } from '../../../shared/ui/form-errors.tsx';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';

type Channel = ChannelSettings['channels'][number];
type OptOut = ChannelSettings['opt_outs'][number];

const CHANNELS: ReadonlyArray<{ channel: Channel; name: MessageId }> = [
  { channel: 'email', name: 'dashboard.channels.email' },
  { channel: 'sms', name: 'dashboard.channels.sms' },
  { channel: 'whatsapp', name: 'dashboard.channels.whatsapp' },
];

const nameOf = (channel: Channel): MessageId => CHANNELS.find((c) => c.channel === channel)?.name ?? 'dashboard.channels.email';

/** how a channel was stopped, in the page's language: "You replied STOP on 28 Nov 2026, so …" */
export function optOutText(o: OptOut, t: Translate, locale: Locale): string {
  const values = { channel: t(nameOf(o.channel)), date: formatDate(o.at, locale), phone: formatIndianMobile(o.phone) };
  if (o.source === 'reply') return t('dashboard.channels.stoppedReply', { ...values, word: o.text ?? (locale === 'hi' ? 'रुकें' : 'STOP') });
  return t('dashboard.channels.stoppedProvider', values);
}

/** the channel's opt-out for the number it sends to now, if any */
const optOutOf = (s: ChannelSettings, channel: Channel) => (channel === 'email' ? undefined : s.opt_outs.find((o) => o.channel === channel && (s.phone === null || o.phone === s.phone)));

/** a channel is on when chosen and not stopped for the number */
export const isOn = (s: ChannelSettings, channel: Channel) => s.channels.includes(channel) && optOutOf(s, channel) === undefined;

export function MessageChannels({ username }: { username: string }) {
  const id = useId();
  const { t, locale } = useLanguage();
  const settings = useChannelSettings(username);
  const save = useUpdateChannelSettings(username);
  const [askingWhatsApp, setAskingWhatsApp] = useState(false);
  const [ticked, setTicked] = useState(false);
  const [tickError, setTickError] = useState<string | null>(null);
  const [result, setResult] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);

  const s = settings.data;

  const send = (channels: Channel[], whatsappOptIn: boolean) => {
    setResult(null);
    save.mutate(
      { channels, ...(whatsappOptIn ? { whatsapp_opt_in: { notice_version: whatsappNotice.version } } : {}) },
      {
        onSuccess: () => {
          setAskingWhatsApp(false);
          setTicked(false);
          setResult({ text: t('dashboard.channels.saved'), tone: 'success' });
        },
        onError: (error) => {
          const refused = formErrorsOf(error, { fallback: t('dashboard.channels.failed') });
          const text = refused.form ?? Object.values(refused.fields)[0] ?? t('dashboard.channels.failed');
          setResult({ text, tone: 'error' });
        },
      },
    );
  };

  /** the channels chosen after turning one on or off (a stopped channel counts as off; e-mail always goes) */
  const withChannel = (current: ChannelSettings, channel: Channel, on: boolean): Channel[] =>
    CHANNELS.map((c) => c.channel).filter((c) => c === 'email' || (c === channel ? on : isOn(current, c)));

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        {t('dashboard.channels.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('dashboard.channels.intro')}</p>
      {settings.isError ? <StatusMessage message={t('dashboard.channels.loadFailed')} tone="error" className="mt-3" /> : null}
      {s ? (
        <ul className="mt-4 divide-y divide-slate-200">
          {CHANNELS.map(({ channel, name }) => {
            const on = channel === 'email' || isOn(s, channel);
            const stopped = optOutOf(s, channel);
            const needsPhone = channel !== 'email' && s.phone === null;
            const label = t(name);
            return (
              <li key={channel} className="py-3">
                <div className="flex flex-wrap items-center gap-3">
                  <span className="min-w-24 font-medium text-slate-900">{label}</span>
                  <span className={`rounded px-2 py-0.5 text-xs font-semibold ${on ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-800'}`}>
                    {t(on ? 'dashboard.channels.on' : 'dashboard.channels.off')}
                  </span>
                  {channel === 'email' ? null : on ? (
                    <button
                      type="button"
                      className={buttonStyle('secondary', 'small')}
                      disabled={save.isPending}
                      aria-label={t('dashboard.channels.turnOffLabel', { channel: label })}
                      onClick={() => send(withChannel(s, channel, false), false)}
                    >
                      {t('dashboard.channels.turnOff')}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className={buttonStyle('primary', 'small')}
                      disabled={save.isPending || needsPhone || (channel === 'whatsapp' && askingWhatsApp)}
                      aria-label={t('dashboard.channels.turnOnLabel', { channel: label })}
                      onClick={() => (channel === 'whatsapp' ? setAskingWhatsApp(true) : send(withChannel(s, channel, true), false))}
                    >
                      {t('dashboard.channels.turnOn')}
                    </button>
                  )}
                </div>
                {channel === 'email' ? <p className="mt-1 text-sm text-slate-700">{t('dashboard.channels.emailAlways')}</p> : null}
                {stopped ? <p className="mt-1 text-sm text-slate-700">{optOutText(stopped, t, locale)}</p> : null}
                {!on && needsPhone ? <p className="mt-1 text-sm text-slate-700">{t('dashboard.channels.needsMobile')}</p> : null}
                {channel === 'whatsapp' && askingWhatsApp && s.phone !== null ? (
                  <div className="mt-3 space-y-2 rounded-md border border-slate-200 p-3">
                    <div className="flex items-start gap-3">
                      <input
                        id={`${id}-whatsapp-opt-in`}
                        type="checkbox"
                        checked={ticked}
                        onChange={(e) => {
                          setTicked(e.target.checked);
                          setTickError(null);
                        }}
                        aria-invalid={tickError ? true : undefined}
                        aria-describedby={tickError ? `${id}-whatsapp-error` : undefined}
                        className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700"
                      />
                      <label htmlFor={`${id}-whatsapp-opt-in`} className="text-sm text-slate-800">
                        {t('dashboard.channels.whatsappOptIn', { phone: formatIndianMobile(s.phone) })}
                      </label>
                    </div>
                    <FieldError id={`${id}-whatsapp-error`} message={tickError} />
                    <button
                      type="button"
                      className={buttonStyle('primary', 'small')}
                      disabled={save.isPending}
                      onClick={() => (ticked ? send(withChannel(s, 'whatsapp', true), true) : setTickError(t('dashboard.channels.whatsappTick')))}
                    >
                      {t('dashboard.channels.whatsappConfirm')}
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <StatusMessage message={result?.text} tone={result?.tone ?? 'success'} className="mt-3" />
    </section>
  );
}
