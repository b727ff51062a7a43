// Staff routes of results: the queue (critical values first), an appointment's worksheet, the
// patient's age and sex, when the sample was collected and received, result entry (draft or final), release and amendment by a pathologist, the
// record of a critical-value call, and a released version's PDF for staff (audited as a view).
import { amendmentSchema, appointmentRefParams, criticalCallSchema, patientDetailsSchema, pdfBodySchema, resultEntrySchema, resultsQueueSchema, sampleTimesSchema, worksheetSchema } from '@lab/contract';
import { z } from 'zod';
import type { App } from '../../../lib/context.ts';
import { renderReport } from '../../reports/pdf.ts';
import { amend, enterResults, recordCriticalCall, release, resultsQueue, setPatientDetails, setSampleTimes, staffReport, worksheet } from '../../reports/service.ts';
import { actor, refusals } from '../responses.ts';
import { readerOf } from '../../privacy/access-log.ts';

const versionParams = appointmentRefParams.extend({
  version: z.coerce.number({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(1, 'Ensure this value is at least 1.').max(10_000, 'Ensure this value is at most 10000.'),
});

export default async function resultRoutes(app: App): Promise<void> {
  const { db, config, now } = app.deps;
  const releaseDeps = { db, publicUrl: config.publicUrl, now };
  const one = { params: appointmentRefParams, response: { 200: worksheetSchema, ...refusals } };

  app.get('/results', { schema: { response: { 200: resultsQueueSchema, ...refusals } } }, async (request) => {
    const queue = await resultsQueue(db);
    // the queue names each patient beside their tests (read log, decision 033)
    app.deps.readLog.appointments(readerOf(request), now(), 'appointment', queue.map((r) => r.appointment_id));
    return queue;
  });

  app.get('/results/:id', { schema: one }, async (request) => {
    const sheet = await worksheet(db, actor(request), request.params.id);
    app.deps.readLog.appointments(readerOf(request), now(), 'results', [request.params.id]);
    return sheet;
  });

  app.put('/results/:id/patient', { schema: { ...one, body: patientDetailsSchema } }, (request) =>
    setPatientDetails(db, actor(request), request.params.id, request.body),
  );

  app.put('/results/:id/sample', { schema: { ...one, body: sampleTimesSchema } }, (request) =>
    setSampleTimes(db, actor(request), request.params.id, request.body, app.deps.now()),
  );

  app.put('/results/:id', { schema: { ...one, body: resultEntrySchema } }, (request) => enterResults(db, actor(request), request.params.id, request.body));

  app.post('/results/:id/release', { schema: one }, (request) => release(releaseDeps, actor(request), request.params.id));

  app.post('/results/:id/amend', { schema: { ...one, body: amendmentSchema } }, (request) => amend(releaseDeps, actor(request), request.params.id, request.body));

  app.post('/results/:id/critical-call', { schema: { ...one, body: criticalCallSchema } }, (request) =>
    recordCriticalCall(db, actor(request), request.params.id, request.body.note),
  );

  app.get(
    '/results/:id/reports/:version/pdf',
    { schema: { params: versionParams, response: { 200: pdfBodySchema, ...refusals } } },
    async (request, reply) => {
      const snapshot = await staffReport(db, actor(request), request.params.id, request.params.version);
      app.deps.readLog.appointments(readerOf(request), now(), 'report', [request.params.id]);
      const pdf = await renderReport(snapshot, config.publicUrl);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="report-${request.params.id}-v${request.params.version}.pdf"`).send(pdf);
    },
  );
}
