// The contact form posted without JavaScript: the page's action sends it to POST /api/contact/ and
// answers the page with one of the original messages (docs/product.md#messages) and, when the API refused fields, their errors.
import type { ContactRequest } from '@lab/contract';
import type { ActionFunctionArgs } from 'react-router';
import { callApi, inPageLanguage } from '../../../shared/api/server-data.ts';
import { CONTACT_MESSAGES, type ContactMessage } from './contact-messages.ts';

export interface ContactOutcome {
  message: ContactMessage;
  /** the API's `{"field": ["message"]}` of a refused form, by field name */
  fieldErrors: Record<string, string[]>;
  /** what was sent, to fill the form again when it was refused (empty after success) */
  values: Partial<Record<keyof ContactRequest, string>>;
}

const FIELDS = ['name', 'email', 'phone', 'message'] as const;

function fieldErrorsOf(body: unknown): Record<string, string[]> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(body).filter((e): e is [string, string[]] => Array.isArray(e[1]) && e[1].every((m) => typeof m === 'string')),
  );
}

export async function postContactForm(args: ActionFunctionArgs): Promise<ContactOutcome> {
  const form = await args.request.formData();
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '')])) as Record<(typeof FIELDS)[number], string>;
  // in the page's language: /hi/Contact's refusals in Hindi, whatever the cookie
  const { status, body } = await callApi(args, inPageLanguage(args, '/api/contact/'), { method: 'POST', body: values });
  if (status === 201) return { message: CONTACT_MESSAGES.success, fieldErrors: {}, values: {} };
  return { message: CONTACT_MESSAGES.failed, fieldErrors: status === 400 ? fieldErrorsOf(body) : {}, values };
}
