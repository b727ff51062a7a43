// The messaging module's long-lived parts: the mailer (a worker thread, counted in the metrics) and the
// runner that delivers the e-mail jobs (runner.ts), run as the app's options ask and stopped on close.
import fp from 'fastify-plugin';
import { countedMailer, createMailer } from './mailer.ts';
import type { Mailer } from './message.ts';
import { waitingCount } from './queries.ts';
import { MailRunner, type RunnerOptions } from './runner.ts';
import type { ChannelAdapter, ChannelName } from './channels/channel.ts';
import { adaptersFor } from './channels/provider-config.ts';

declare module '../../lib/context.ts' {
  interface Deps {
    mailer: Mailer;
    /** the WhatsApp and SMS adapters configured; a channel without one writes to the outbox (docs/messaging.md) */
    channels: Partial<Record<ChannelName, ChannelAdapter>>;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** this process's e-mail job runner (tests drive it with runDue()) */
    mailJobs: MailRunner;
  }
}

export interface MessagingOptions {
  /** replaces the mailer of the configuration (tests capture mail) */
  mailer?: Mailer;
  /**
   * how e-mail jobs are delivered: 'background' (a poll every second; the server's way),
   * 'after-each-request' (each API answer first delivers the jobs due: tests that read the mail a call
   * sent), 'manual' (only app.mailJobs.runDue(): tests of the jobs themselves)
   */
  mailJobs?: 'background' | 'after-each-request' | 'manual';
  mailRunner?: Partial<RunnerOptions>;
  /** replaces the phone channels' adapters of the configuration (tests point them at the fakes) */
  channels?: Partial<Record<ChannelName, ChannelAdapter>>;
}

export const messagingPlugin = fp<MessagingOptions>(
  async (app, options) => {
    const { deps } = app;
    deps.mailer = countedMailer(options.mailer ?? createMailer({ smtpUrl: deps.config.smtpUrl, outboxDir: deps.config.mailOutboxDir }), deps.metrics);
    deps.channels = options.channels ?? adaptersFor(deps.config.channels, { publicUrl: deps.config.publicUrl });
    const runner = new MailRunner({ ...deps, log: app.log }, options.mailRunner);
    deps.metrics.readJobDepth(() => waitingCount(deps.db));
    const mode = options.mailJobs ?? 'background';
    if (mode === 'background') runner.start();
    if (mode === 'after-each-request') {
      app.addHook('onSend', async (request) => {
        if (request.url.startsWith('/api/')) await runner.runDue().catch((err: unknown) => request.log.error({ err }, 'mail jobs: a pass failed'));
      });
    }
    app.addHook('onClose', async () => runner.stop());
    app.decorate('mailJobs', runner);
  },
  { name: 'messaging' },
);
