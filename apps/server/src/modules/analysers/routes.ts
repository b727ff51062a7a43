// The analysers in the staff console (/api/staff/analysers; roles: modules/staff/access.ts): the
// configured analysers with their codes waiting to be mapped, each analyser's code mapping (edited by
// the lab; the next message uses it), and the message log by analyser and by container ("what did the
// machine send?").
import {
  analyserCodeListSchema,
  analyserCodeParams,
  analyserCodeRequestSchema,
  analyserCodeSchema,
  analyserListSchema,
  analyserMessageListSchema,
  analyserMessagesQuerySchema,
  analyserParameterListSchema,
  analyserParameterQuerySchema,
  analyserParams,
  sampleMessagesParams,
} from '@lab/contract';
import type { App } from '../../lib/context.ts';
import { actor, refusals } from '../staff/responses.ts';
import { analyserCodes, analyserList, analyserMessages, findParameters, putAnalyserCode, sampleMessages } from './staff.ts';

export async function analyserStaffRoutes(app: App): Promise<void> {
  const { db, config } = app.deps;
  app.get('/analysers', { schema: { response: { 200: analyserListSchema, ...refusals } } }, () => analyserList(db, config.analysers, app.analyserListener?.port ?? null));
  app.get('/analysers/:name/codes', { schema: { params: analyserParams, response: { 200: analyserCodeListSchema, ...refusals } } }, (request) => analyserCodes(db, config.analysers, request.params.name));
  app.put('/analysers/:name/codes/:code', { schema: { params: analyserCodeParams, body: analyserCodeRequestSchema, response: { 200: analyserCodeSchema, ...refusals } } }, (request) =>
    putAnalyserCode(db, config.analysers, actor(request), request.params.name, request.params.code, request.body),
  );
  app.get('/analysers/:name/messages', { schema: { params: analyserParams, querystring: analyserMessagesQuerySchema, response: { 200: analyserMessageListSchema, ...refusals } } }, (request) =>
    analyserMessages(db, config.analysers, request.params.name, request.query.before),
  );
  app.get('/analysers/parameters', { schema: { querystring: analyserParameterQuerySchema, response: { 200: analyserParameterListSchema, ...refusals } } }, (request) => findParameters(db, request.query.q));
  app.get('/samples/:accession/analyser-messages', { schema: { params: sampleMessagesParams, response: { 200: analyserMessageListSchema, ...refusals } } }, (request) => sampleMessages(db, request.params.accession));
}
