// The MIME text of an e-mail (RFC 5322, 2045-2047), written in one pass (decision 077): plain text,
// optional HTML beside it (multipart/alternative) and text attachments such as the visit's .ics
// (multipart/mixed). nodemailer's composer built the same message through a tree of streams and cost
// about as much CPU as the rest of a booking; nodemailer still carries the built bytes to an SMTP server.
// Text is quoted-printable (readable in the .eml when it is mostly ASCII) or base64 (Hindi), so no line
// passes 76 characters; headers outside printable ASCII are RFC 2047 encoded words.
import { randomUUID } from 'node:crypto';
import { domainToASCII } from 'node:url';
import type { MailAttachment, MailSender } from './message.ts';

export interface MimeMessage {
  from: MailSender;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

const CRLF = '\r\n';
const HEX = Array.from({ length: 256 }, (_, b) => `=${b.toString(16).toUpperCase().padStart(2, '0')}`);

/** printable ASCII without `=`, as a line of quoted-printable may carry it unchanged */
const QP_SAFE = /^[\x20-\x3c\x3e-\x7e]*$/;

/** one line of text (no line break in it) as quoted-printable lines of at most 76 characters */
function qpLine(line: string): string {
  if (line.length <= 76 && QP_SAFE.test(line) && !line.endsWith(' ')) return line;
  const bytes = Buffer.from(line, 'utf8');
  let out = '';
  let width = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    // a space or tab stays itself unless it ends the line (trailing white space is dropped in transit)
    const piece = (b >= 33 && b <= 126 && b !== 61) || ((b === 32 || b === 9) && i < bytes.length - 1) ? String.fromCharCode(b) : HEX[b]!;
    // 75 characters and the soft break's `=`
    if (width + piece.length > 75) {
      out += `=${CRLF}`;
      width = 0;
    }
    out += piece;
    width += piece.length;
  }
  return out;
}

/** base64 in lines of 76 characters */
const base64Lines = (data: Buffer) => data.toString('base64').replace(/.{76}(?=.)/g, `$&${CRLF}`);

/**
 * A text's body and its transfer encoding: quoted-printable while at most a third of it is outside ASCII
 * (English, with a rupee sign or a dash), else base64 (Hindi: a third of the size of its quoted-printable).
 */
function textBody(text: string): { encoding: 'quoted-printable' | 'base64'; body: string } {
  let nonAscii = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) nonAscii++;
  if (nonAscii * 3 > text.length) return { encoding: 'base64', body: base64Lines(Buffer.from(text.replace(/\r?\n/g, CRLF), 'utf8')) };
  return { encoding: 'quoted-printable', body: text.split(/\r?\n/).map(qpLine).join(CRLF) };
}

/** a header's words: as they are when printable ASCII, else UTF-8 encoded words (RFC 2047) of at most 75 characters, folded */
export function headerText(value: string): string {
  const clean = value.replace(/[\r\n]+/g, ' ');
  if (/^[\x20-\x7e]*$/.test(clean) && clean.length <= 900) return clean;
  const words: string[] = [];
  let chunk = '';
  let octets = 0;
  for (const ch of clean) {
    const size = Buffer.byteLength(ch);
    // 45 octets make 60 base64 characters: with `=?UTF-8?B?` and `?=` a word of 72
    if (octets + size > 45) {
      words.push(chunk);
      chunk = '';
      octets = 0;
    }
    chunk += ch;
    octets += size;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join(`${CRLF} `);
}

/** an address with its domain in ASCII (an internationalised domain as punycode), line breaks dropped */
function address(value: string): string {
  const clean = value.replace(/[\r\n<>]+/g, '').trim();
  const at = clean.lastIndexOf('@');
  if (at < 0 || /^[\x21-\x7e]*$/.test(clean)) return clean;
  return `${clean.slice(0, at)}@${domainToASCII(clean.slice(at + 1)) || clean.slice(at + 1)}`;
}

/** `Name <address>`: the name as atoms, quoted, or encoded words */
function mailbox(sender: MailSender): string {
  const name = sender.name.replace(/[\r\n]+/g, ' ').trim();
  const addr = address(sender.address);
  if (!name) return addr;
  if (/^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]*$/.test(name)) return `${name} <${addr}>`;
  if (/^[\x20-\x7e]*$/.test(name)) return `"${name.replace(/["\\]/g, '\\$&')}" <${addr}>`;
  return `${headerText(name)} <${addr}>`;
}

/** a file name as a quoted parameter (an encoded word when it is not ASCII, as mail readers expect) */
const fileParam = (name: string) => (/^[\x20-\x7e]*$/.test(name) ? `"${name.replace(/["\\\r\n]/g, '')}"` : `"${headerText(name)}"`);

interface Part {
  headers: string[];
  body: string;
}

function textPart(contentType: string, text: string, extra: string[] = []): Part {
  const { encoding, body } = textBody(text);
  return { headers: [`Content-Type: ${contentType}`, `Content-Transfer-Encoding: ${encoding}`, ...extra], body };
}

function attachmentPart(a: MailAttachment): Part {
  const disposition = `Content-Disposition: attachment; filename=${fileParam(a.filename)}`;
  const type = `${a.contentType};${CRLF} name=${fileParam(a.filename)}`;
  if (/^text\//i.test(a.contentType)) return textPart(type, a.content, [disposition]);
  return { headers: [`Content-Type: ${type}`, 'Content-Transfer-Encoding: base64', disposition], body: base64Lines(Buffer.from(a.content, 'utf8')) };
}

/** parts under one multipart boundary; the boundary's `=_` never occurs in quoted-printable or base64 */
function multipart(subtype: 'mixed' | 'alternative', boundary: string, parts: Part[]): Part {
  const body = parts.map((p) => `--${boundary}${CRLF}${p.headers.join(CRLF)}${CRLF}${CRLF}${p.body}${CRLF}`).join('') + `--${boundary}--`;
  return { headers: [`Content-Type: multipart/${subtype};${CRLF} boundary="${boundary}"`], body };
}

/** the message as it is sent or kept in the outbox, CRLF line ends */
export function buildMime(m: MimeMessage, now = new Date()): Buffer {
  const id = randomUUID();
  const from = address(m.from.address);
  const text = textPart('text/plain; charset=utf-8', m.text);
  const content = m.html ? multipart('alternative', `=_alt_${id}`, [text, textPart('text/html; charset=utf-8', m.html)]) : text;
  const root = m.attachments?.length ? multipart('mixed', `=_mix_${id}`, [content, ...m.attachments.map(attachmentPart)]) : content;
  const headers = [
    `From: ${mailbox(m.from)}`,
    `To: ${address(m.to)}`,
    `Subject: ${headerText(m.subject)}`,
    `Message-ID: <${id}@${from.slice(from.lastIndexOf('@') + 1) || 'localhost'}>`,
    `Date: ${now.toUTCString().replace(/GMT$/, '+0000')}`,
    'MIME-Version: 1.0',
    ...root.headers,
  ];
  return Buffer.from(`${headers.join(CRLF)}${CRLF}${CRLF}${root.body}${CRLF}`, 'utf8');
}
