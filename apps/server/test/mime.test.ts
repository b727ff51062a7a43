// The e-mail's MIME text as mime.ts writes it (decision 077): read back part by part, every text is the
// one given, every line within 76 characters (998 for a header is the law; we keep to 76 in bodies), and
// nothing given in a header can start a header of its own.
import { describe, expect, it } from 'vitest';
import { buildMime, headerText } from '../src/modules/messaging/mime.ts';
import { visitEvent } from '../src/modules/messaging/calendar.ts';

interface Part {
  headers: Map<string, string>;
  body: string;
}

function split(raw: string): Part {
  const end = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw.slice(0, end).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(end + 4) };
}

function decode(part: Part): string {
  const encoding = part.headers.get('content-transfer-encoding');
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  expect(encoding).toBe('quoted-printable');
  const soft = part.body.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=') {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(soft.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** the leaf parts of a message, in order */
function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? '';
  const boundary = /boundary="([^"]+)"/.exec(type)?.[1];
  if (!boundary) return [part];
  const sections = part.body.split(`--${boundary}`);
  expect(sections.at(-1)).toMatch(/^--/);
  return sections.slice(1, -1).flatMap((s) => leaves(split(s.replace(/^\r\n/, '').replace(/\r\n$/, ''))));
}

const decodeWords = (value: string) => value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?B\?([^?]*)\?=/g, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));

describe('MIME messages', () => {
  const hindi = 'नमस्ते,\nआपकी अपॉइंटमेंट बुक हो गई है: मंगलवार, 1 दिसंबर 2026, 10:30 बजे। कुल: ₹1,260.00';
  const english = `Hello,\n\nYour appointment is booked for Mon, 15 Jul 2030 at 09:30.\nTotal: ₹1,260.00 — a line that runs on and on past the seventy-six characters a quoted-printable line may hold, = signs included \nend`;
  const calendar = visitEvent({ appointmentId: 'AbCd', reference: 'LC-7K4M-Q2', date: '2030-07-15', time: '09:30', labName: 'Lab, Centre; Jaipur', location: 'Lab Centre, 12 MI Road', billLink: 'https://lab.example/bill/AbCd', language: 'hi' });

  for (const [name, text] of [
    ['English', english],
    ['Hindi', hindi],
  ] as const) {
    it(`reads back the ${name} text, the HTML and the calendar file as given, no body line past 76 characters`, () => {
      const raw = buildMime({
        from: { name: 'Lab Centre Diagnostics', address: 'info@lab.example' },
        to: 'asha@example.com',
        subject: name === 'Hindi' ? 'अपॉइंटमेंट LC-7K4M-Q2 बुक हो गई: मंगलवार, 1 दिसंबर 2026, 10:30 बजे' : 'Appointment LC-7K4M-Q2 booked',
        text,
        html: `<p class="x">${text.replaceAll('\n', '<br>')}</p>`,
        attachments: calendar,
      }).toString('utf8');
      const root = split(raw);
      expect(root.headers.get('from')).toBe('Lab Centre Diagnostics <info@lab.example>');
      expect(root.headers.get('to')).toBe('asha@example.com');
      expect(root.headers.get('mime-version')).toBe('1.0');
      expect(root.headers.get('message-id')).toMatch(/^<[0-9a-f-]{36}@lab\.example>$/);
      expect(decodeWords(root.headers.get('subject')!)).toBe(name === 'Hindi' ? 'अपॉइंटमेंट LC-7K4M-Q2 बुक हो गई: मंगलवार, 1 दिसंबर 2026, 10:30 बजे' : 'Appointment LC-7K4M-Q2 booked');
      expect(root.headers.get('content-type')).toMatch(/^multipart\/mixed; boundary=/);
      const [plain, html, ics] = leaves(root);
      expect(plain!.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(decode(plain!)).toBe(text.replaceAll('\n', '\r\n'));
      expect(html!.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(decode(html!)).toBe(`<p class="x">${text.replaceAll('\n', '<br>')}</p>`);
      expect(ics!.headers.get('content-type')).toBe('text/calendar; charset=utf-8; method=PUBLISH; name="appointment.ics"');
      expect(ics!.headers.get('content-disposition')).toBe('attachment; filename="appointment.ics"');
      expect(decode(ics!)).toBe(calendar[0]!.content);
      for (const line of raw.slice(raw.indexOf('\r\n\r\n')).split('\r\n')) expect(line.length, line).toBeLessThanOrEqual(76);
      // no bare LF: every line ends CRLF
      expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    });
  }

  it('keeps mostly-English text readable in the file, and a plain message a single part', () => {
    const raw = buildMime({ from: { name: 'Sharma Path Lab', address: 'desk@sharmalab.in' }, to: 'b@example.com', subject: 'Two', text: 'Booking reference: LC-7K4M-Q2\nTotal: Rs 1,260.00' }).toString();
    expect(raw).toContain('\r\nBooking reference: LC-7K4M-Q2\r\nTotal: Rs 1,260.00\r\n');
    expect(split(raw).headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('lets no line break in a subject, name or address start a header of its own', () => {
    const raw = buildMime({ from: { name: 'Lab\r\nBcc: x@evil.example', address: 'info@lab.example' }, to: 'a@example.com\r\nBcc: y@evil.example', subject: 'Hi\r\nBcc: z@evil.example', text: 'x' }).toString();
    expect(raw).not.toMatch(/^Bcc:/im);
    expect(headerText('a\nb')).toBe('a b');
    // a name with specials is quoted, one outside ASCII encoded
    expect(split(buildMime({ from: { name: 'Lab "One", Jaipur', address: 'a@b.in' }, to: 'c@d.in', subject: 's', text: 't' }).toString()).headers.get('from')).toBe('"Lab \\"One\\", Jaipur" <a@b.in>');
    expect(decodeWords(split(buildMime({ from: { name: 'लैब सेंटर', address: 'a@b.in' }, to: 'c@d.in', subject: 's', text: 't' }).toString()).headers.get('from')!)).toBe('लैब सेंटर <a@b.in>');
  });
});
