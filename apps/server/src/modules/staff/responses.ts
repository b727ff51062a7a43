// Response schemas every staff route declares besides its success: the type provider refuses to send
// a status code a route did not declare.
import { errorSchema, fieldErrorsSchema, idParam } from '@lab/contract';
import { z } from 'zod';

export const refusals = {
  400: z.union([fieldErrorsSchema, errorSchema]),
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
} as const;

export { idParam };

/** the signed-in staff member (the onRequest hook has checked there is one) */
export function actor(request: { auth: { userId: number } | null }): number {
  return request.auth!.userId;
}
