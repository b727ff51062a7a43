// @vitest-environment jsdom
// "How we message you" (docs/messaging.md): each channel on or off, a channel stopped by a STOP reply or
// the provider's event said with when and how (English and Hindi), a channel turned back on, and WhatsApp
// turned on only through its own explicit opt-in, which names the notice version it agrees to.
import type { ChannelSettings, Locale } from '@lab/contract';
import { whatsappNotice } from '@lab/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InLanguage } from '../../../shared/i18n/test-language.tsx';
import { MessageChannels } from './message-channels.tsx';

const stopped: ChannelSettings = {
  phone: '+919829012345',
  channels: ['email', 'sms'],
  whatsapp_opt_in: null,
  opt_outs: [
    { channel: 'sms', phone: '+919829012345', source: 'reply', text: 'STOP', at: '2026-11-28T09:00:00Z' },
    { channel: 'whatsapp', phone: '+919829012345', source: 'provider', text: null, at: '2026-11-20T09:00:00Z' },
  ],
};

let settings: ChannelSettings;
let puts: unknown[];
beforeEach(() => {
  puts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      expect(url).toBe('/api/users/me/channels/');
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { channels: ChannelSettings['channels'] };
        puts.push(body);
        settings = { ...settings, channels: body.channels, opt_outs: settings.opt_outs.filter((o) => !body.channels.includes(o.channel)) };
      }
      return new Response(JSON.stringify(settings), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function show(locale: Locale = 'en') {
  render(
    <InLanguage locale={locale}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MessageChannels username="asha" />
      </QueryClientProvider>
    </InLanguage>,
  );
}

const row = (name: string) => screen.getByText(name, { selector: 'span' }).closest('li') as HTMLElement;

describe('how we message you', () => {
  it('says which channels are stopped, how and when, and turns SMS back on', async () => {
    settings = stopped;
    show();
    expect(await screen.findByText('You replied STOP on 28 Nov 2026, so SMS messages to +91 98290 12345 stopped.')).toBeTruthy();
    expect(screen.getByText('WhatsApp told us on 20 Nov 2026 that you do not want messages at +91 98290 12345, so they stopped.')).toBeTruthy();
    expect(within(row('E-mail')).getByText('On')).toBeTruthy();
    expect(within(row('E-mail')).queryByRole('button')).toBeNull();
    expect(screen.getByText('Always on: your bills and booking confirmations go by e-mail.')).toBeTruthy();
    expect(within(row('SMS')).getByText('Off')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Turn on SMS' }));
    expect(await screen.findByText('Your choice is saved.')).toBeTruthy();
    expect(puts).toEqual([{ channels: ['email', 'sms'] }]);
    expect(within(row('SMS')).getByText('On')).toBeTruthy();
    expect(screen.queryByText(/You replied STOP/)).toBeNull();
  });

  it('turns WhatsApp on only with its own opt-in ticked, naming the notice version', async () => {
    settings = { ...stopped, opt_outs: [] };
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on WhatsApp' }));
    const box = screen.getByRole('checkbox', { name: /on WhatsApp at \+91 98290 12345\. I can reply STOP/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect((screen.getByRole('button', { name: 'Turn on WhatsApp' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Agree and turn on WhatsApp' }));
    expect(screen.getByText('Tick the box to agree to WhatsApp messages.')).toBeTruthy();
    expect(puts).toEqual([]);
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Agree and turn on WhatsApp' }));
    expect(await screen.findByText('Your choice is saved.')).toBeTruthy();
    expect(puts).toEqual([{ channels: ['email', 'sms', 'whatsapp'], whatsapp_opt_in: { notice_version: whatsappNotice.version } }]);
  });

  it('asks for a mobile number before SMS or WhatsApp can be turned on', async () => {
    settings = { phone: null, channels: ['email'], whatsapp_opt_in: null, opt_outs: [] };
    show();
    expect(((await screen.findByRole('button', { name: 'Turn on SMS' })) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Turn on WhatsApp' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByText('Add an Indian mobile number in Your details first.')).toHaveLength(2);
  });

  it('is Hindi for a Hindi reader', async () => {
    settings = stopped;
    show('hi');
    expect(await screen.findByRole('heading', { name: 'हम आपको संदेश कैसे भेजें' })).toBeTruthy();
    expect(await screen.findByText('आपने 28 नवंबर 2026 को STOP लिखकर भेजा, इसलिए +91 98290 12345 पर एसएमएस संदेश बंद हो गए।')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'एसएमएस चालू करें' })).toBeTruthy();
  });
});
