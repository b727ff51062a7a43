// POST /api/contact/: a visitor's message (contract ContactRequest). Only 201 means the message was
// taken (docs/product.md#api-contract, #messages): any other answer, a 200 included, is "something went wrong".
import type { ContactRequest } from '@lab/contract';
import { ApiError, bodyOf, request } from '../../../shared/api/client.ts';

export async function sendContactMessage(message: ContactRequest): Promise<void> {
  const res = await request('/api/contact/', { method: 'POST', body: message });
  if (res.status !== 201) throw new ApiError(res.status, await bodyOf(res));
}
