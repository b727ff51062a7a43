// A message of the server as a code with values (decision record 055): services throw and answer with
// these, the server says them in the language the request asked for. A value is data (a number, a list,
// a name: said as it is) or a message of its own (a label, a nested sentence: said in the same language).
import type { z } from 'zod';
import { type MessageCode, messagesEn } from './en.ts';

export type MessageValue = string | number | Message;
export type MessageValues = Readonly<Record<string, MessageValue>>;

export interface Message {
  readonly code: MessageCode;
  readonly values?: MessageValues;
}

/** what a server's answer says: a message by code, or a plain text said as it is in every language (staff-only words) */
export type Said = Message | string;

/** a message by code, with the values its placeholders name */
export const m = (code: MessageCode, values?: MessageValues): Message => (values ? { code, values } : { code });

/** fills `{name}` placeholders; a value that is a message is said by `sayValue` */
export function fillTemplate(template: string, values: MessageValues | undefined, sayValue: (message: Message) => string): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : typeof value === 'object' ? sayValue(value) : String(value);
  });
}

/** the English of a message: what the API has always sent */
export function inEnglish(said: Said): string {
  return typeof said === 'string' ? said : fillTemplate(messagesEn[said.code], said.values, inEnglish);
}

/** the message a zod issue carries for the server (decision record 055): set by `stamp`, read from the validation error */
export interface SaysIssue {
  says?: Message;
}

/**
 * A zod issue's message: the English, as the web's forms and the API's English show it, with the
 * message itself kept on the issue (`says`), so the server says it in the request's language by code.
 */
export function stamp(issue: z.core.$ZodRawIssue, message: Message): string {
  (issue as SaysIssue).says = message;
  return inEnglish(message);
}

/** a zod error map that says one message */
export const errorOf =
  (code: MessageCode, values?: MessageValues) =>
  (issue: z.core.$ZodRawIssue): string =>
    stamp(issue, m(code, values));

/** a zod check's params that say one message: `.regex(re, say('validation.date_format'))` */
export const say = (code: MessageCode, values?: MessageValues) => ({ error: errorOf(code, values) });

/** a zod error that says `said`: by code when it is a message, as it is when it is a plain text */
export const sayingError = (said: Said): string | ((issue: z.core.$ZodRawIssue) => string) => (typeof said === 'string' ? said : (issue) => stamp(issue, said));

/** an issue's message for `ctx.addIssue`, with the message kept for the server as `stamp` keeps it */
export const saysIssue = (message: Message): { message: string } => ({ message: inEnglish(message), says: message }) as { message: string };
