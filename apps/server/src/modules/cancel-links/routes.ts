// The reminder's cancel link, for whoever holds it (no login): read the booking it names, then cancel
// it. A token that is not ours counts as a miss against the same per-address budget as bills, so
// tokens cannot be tried in bulk; cancelling is limited per address as well. A link signed for a date
// and slot the visit no longer has answers 409 "out of date" (decision 051).
import { cancelAppointmentRequestSchema, cancelLinkBookingSchema, cancelLinkParams, errorSchema, fieldErrorsSchema, m } from '@lab/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { messageLanguage } from '../../lib/message-language.ts';
import { limits, missLimit } from '../../lib/rate-limit.ts';
import { BILL_MISS_LIMIT } from '../billing/service.ts';
import { appointmentOfToken, cancelByLink, showCancelLink } from './service.ts';
import { refundCancelledOnline } from '../payments/gateway-service.ts';
import type { CancelTarget } from './token.ts';

export const CANCEL_LINK_LIMIT = { name: 'cancel-link', max: 10, windowMs: 15 * 60_000 };

export default async function cancelLinkRoutes(app: App): Promise<void> {
  const misses = missLimit(app, BILL_MISS_LIMIT);
  const response = { 200: cancelLinkBookingSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

  /** the appointment the link names; a bad link is counted and answered 404 */
  async function appointmentOf(request: FastifyRequest<{ Params: { token: string } }>): Promise<CancelTarget | 'legacy'> {
    await misses.check(request);
    const id = appointmentOfToken(app.deps, request.params.token);
    if (id) return id;
    await misses.miss(request);
    throw notFound(m('cancel_link.invalid'));
  }

  app.get('/cancel-links/:token/', { config: { ignoresBearer: true }, schema: { params: cancelLinkParams, response } }, async (request) =>
    showCancelLink(app.deps, await appointmentOf(request), messageLanguage(request)),
  );
  app.post(
    '/cancel-links/:token/',
    { config: { ignoresBearer: true }, preHandler: limits(app, CANCEL_LINK_LIMIT), schema: { params: cancelLinkParams, body: cancelAppointmentRequestSchema, response: { ...response, 400: fieldErrorsSchema.or(errorSchema) } } },
    async (request) => {
      const target = await appointmentOf(request);
      const cancelled = await cancelByLink(app.deps, target, messageLanguage(request));
      if (!request.body?.refund_online || target === 'legacy') return cancelled;
      // paid online, and the cancel step's refund chosen: it goes back through the gateway now (docs/payments-gateway.md)
      await refundCancelledOnline(app.deps.config, app.deps, target.id, null);
      return showCancelLink(app.deps, target, messageLanguage(request));
    },
  );
}
