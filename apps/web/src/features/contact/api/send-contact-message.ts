// POST /api/contact/: a visitor's message (contract ContactRequest). Only 201 means the message was
// taken (docs/product.md#api-contract, #messages): any other answer, a 200 included, is "something went wrong".
// A Hindi page asks with ?lang=hi, so the refused fields' messages are Hindi even when no cookie says so
// (a visitor who came straight to /hi/Contact).
import type { ContactRequest, Locale } from '@lab/contract';
import { ApiError, bodyOf, request } from '../../../shared/api/client.ts';

export async function sendContactMessage(message: ContactRequest, locale: Locale = 'en'): Promise<void> {
  const res = await request(locale === 'hi' ? '/api/contact/?lang=hi' : '/api/contact/', { method: 'POST', body: message });
  if (res.status !== 201) throw new ApiError(res.status, await bodyOf(res));
}
