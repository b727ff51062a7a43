// The providers' webhooks: delivery receipts and replies from WhatsApp (Cloud API) and SMS (Exotel),
// checked before anything is read, then handed to receipts.ts, which applies each once (a replayed event
// changes nothing) with its audit entry. A bad signature or token answers 401 and changes nothing; an
// event about a message we do not know (yet: receipts.ts keeps it a day, for a job not settled when it
// came) answers 200, as the provider would otherwise retry it for days, and is logged without its ids or
// numbers. The signature covers the bytes as sent, so this plugin (and only
// it: Fastify scopes a content-type parser to the plugin that adds it) keeps each body raw.
import { errorSchema, m } from '@lab/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { App } from '../../../lib/context.ts';
import { badRequest, HttpError, notFound, unauthorized } from '../../../lib/errors.ts';
import type { DeliveryReceipt, InboundMessage } from './channel.ts';
import { webhookSecrets } from './provider-config.ts';
import { applyInbound, applyReceipt } from './receipts.ts';
import { parseSmsInbound, parseSmsStatus, smsTokenMatches } from './sms/webhook.ts';
import { parseWhatsAppWebhook, verifyWhatsAppSignature, whatsappHandshake } from './whatsapp/webhook.ts';

/** a batch of WhatsApp events is a few KB; this bounds what is read before the signature is checked */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

const received = z.object({ received: z.literal(true) });
const refusals = { 400: errorSchema, 401: errorSchema, 404: errorSchema };
const tokenParams = z.object({ token: z.string().max(200) });
const handshakeQuery = z.object({
  'hub.mode': z.string().max(100).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/** applies what one webhook said, each event in its own transaction (receipts.ts) */
async function apply(app: App, log: FastifyBaseLogger, receipts: DeliveryReceipt[], inbound: InboundMessage[]): Promise<void> {
  const now = app.deps.now();
  for (const receipt of receipts) {
    const outcome = await applyReceipt(app.deps.db, receipt, now);
    // neither the provider's id nor the number: the log says only what kind of event missed
    if (outcome === 'unknown') log.info({ channel: receipt.channel, status: receipt.status }, 'channels: a receipt for a message not known (yet): kept a day for its job');
  }
  for (const message of inbound) await applyInbound(app.deps.db, message, now);
}

const formOf = (body: unknown) => new URLSearchParams(Buffer.isBuffer(body) ? body.toString('utf8') : '');

/**
 * Registered by the messaging module's routes (messaging/routes.ts), so after the HTTP layer's hooks and
 * error handler: its refusals are the usual JSON in the caller's language. The secrets are the configuration's.
 */
export default async function channelWebhookRoutes(app: App): Promise<void> {
  const options = webhookSecrets(app.deps.config.channels);
  // Raw bytes for every content type, in this plugin's routes only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  const whatsapp = options.whatsapp;
  const sms = options.sms;
  const config = { ignoresBearer: true };

  app.get(
    '/channels/whatsapp/webhook',
    { config, schema: { querystring: handshakeQuery, response: { 200: z.string(), 403: errorSchema, 404: errorSchema } } },
    async (request, reply) => {
      if (!whatsapp?.verifyToken) throw notFound(m('channel_webhook.not_configured'));
      const challenge = whatsappHandshake(request.query, whatsapp.verifyToken);
      if (challenge === null) throw new HttpError(403, m('channel_webhook.verify_token_invalid'));
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  app.post('/channels/whatsapp/webhook', { config, bodyLimit: WEBHOOK_BODY_LIMIT, schema: { response: { 200: received, ...refusals } } }, async (request) => {
    if (!whatsapp) throw notFound(m('channel_webhook.not_configured'));
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!verifyWhatsAppSignature(raw, request.headers['x-hub-signature-256'] as string | undefined, whatsapp.appSecret)) throw unauthorized(m('channel_webhook.signature_invalid'));
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest(m('channel_webhook.body_invalid'));
    }
    const { receipts, inbound } = parseWhatsAppWebhook(body, app.deps.now());
    await apply(app, request.log, receipts, inbound);
    return { received: true as const };
  });

  app.post('/channels/sms/status/:token', { config, bodyLimit: WEBHOOK_BODY_LIMIT, schema: { params: tokenParams, response: { 200: received, ...refusals } } }, async (request) => {
    if (!sms) throw notFound(m('channel_webhook.not_configured'));
    if (!smsTokenMatches(request.params.token, sms.token)) throw unauthorized(m('channel_webhook.token_invalid'));
    const receipt = parseSmsStatus(formOf(request.body), app.deps.now());
    await apply(app, request.log, receipt ? [receipt] : [], []);
    return { received: true as const };
  });

  app.post('/channels/sms/inbound/:token', { config, bodyLimit: WEBHOOK_BODY_LIMIT, schema: { params: tokenParams, response: { 200: received, ...refusals } } }, async (request) => {
    if (!sms) throw notFound(m('channel_webhook.not_configured'));
    if (!smsTokenMatches(request.params.token, sms.token)) throw unauthorized(m('channel_webhook.token_invalid'));
    const message = parseSmsInbound(formOf(request.body), app.deps.now());
    await apply(app, request.log, [], message ? [message] : []);
    return { received: true as const };
  });
}
