// Staff routes of results: the queue (critical values first), an appointment's worksheet, the
// patient's age and sex, when the sample was collected and received, result entry (draft or final),
// release by a pathologist, amendment by one pathologist released (or discarded) by another
// (decision 046), the record of a critical-value call, and a released version's PDF for staff
// (audited as a view).
import { amendmentSchema, appointmentRefParams, criticalCallSchema, errorSchema, patientDetailsSchema, pdfBodySchema, resultEntrySchema, resultsQueueSchema, sampleTimesSchema, worksheetSchema } from '@lab/contract';
import { z } from 'zod';
import type { App } from '../../../lib/context.ts';
import { versionPdf } from '../../../documents/report-pdf.ts';
import { amend, discardAmendment, enterResults, recordCriticalCall, release, releaseAmendment, resultsQueue, setPatientDetails, setSampleTimes, staffReport, worksheet } from '../../reports/service.ts';
import { actor, refusals } from '../responses.ts';

const versionParams = appointmentRefParams.extend({
  version: z.coerce.number({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(1, 'Ensure this value is at least 1.').max(10_000, 'Ensure this value is at most 10000.'),
});

export default async function resultRoutes(app: App): Promise<void> {
  const { db, config, now } = app.deps;
  const releaseDeps = { db, publicUrl: config.publicUrl, now };
  const one = { params: appointmentRefParams, response: { 200: worksheetSchema, ...refusals } };

  // Each answer that names a patient is in the read log by its schema (../read-logging.ts).
  app.get('/results', { schema: { response: { 200: resultsQueueSchema, ...refusals } } }, () => resultsQueue(db));

  app.get('/results/:id', { schema: one }, (request) => worksheet(db, actor(request), request.params.id));

  app.put('/results/:id/patient', { schema: { ...one, body: patientDetailsSchema } }, (request) =>
    setPatientDetails(db, actor(request), request.params.id, request.body),
  );

  app.put('/results/:id/sample', { schema: { ...one, body: sampleTimesSchema } }, (request) =>
    setSampleTimes(db, actor(request), request.params.id, request.body, app.deps.now()),
  );

  app.put('/results/:id', { schema: { ...one, body: resultEntrySchema } }, (request) => enterResults(db, actor(request), request.params.id, request.body));

  app.post('/results/:id/release', { schema: one }, (request) => release(releaseDeps, actor(request), request.params.id));

  app.post('/results/:id/amend', { schema: { ...one, body: amendmentSchema } }, (request) => amend(releaseDeps, actor(request), request.params.id, request.body));

  app.post('/results/:id/amendment/release', { schema: one }, (request) => releaseAmendment(releaseDeps, actor(request), request.params.id));

  app.post('/results/:id/amendment/discard', { schema: one }, (request) => discardAmendment(db, actor(request), request.params.id));

  app.post('/results/:id/critical-call', { schema: { ...one, body: criticalCallSchema } }, (request) =>
    recordCriticalCall(db, actor(request), request.params.id, request.body.note),
  );

  app.get(
    '/results/:id/reports/:version/pdf',
    { schema: { params: versionParams, response: { 200: pdfBodySchema, ...refusals, 503: errorSchema } } },
    async (request, reply) => {
      const snapshot = await staffReport(db, actor(request), request.params.id, request.params.version);
      // drawn off the event loop once, then kept, as the patient's (decision 047)
      const pdf = await versionPdf(app.deps, request.params.id, request.params.version, snapshot);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="report-${request.params.id}-v${request.params.version}.pdf"`).send(pdf);
    },
  );
}
