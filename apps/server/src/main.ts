// Starts the server: reads the configuration, builds the app, listens, and shuts down gracefully.
// With WORKERS > 1 this process becomes the cluster's primary (cluster.ts) and each worker runs serve().
import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { CLOSING, runPrimary } from './cluster.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';

let config: Config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}

if (config.workers > 1 && cluster.isPrimary) await runPrimary(config);
else await serve(config);

async function serve(config: Config): Promise<void> {
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });

  // On SIGTERM, SIGINT and the like, close() stops accepting connections and resolves once the requests
  // in flight are answered and the database (and SQLite's checkpointer) is closed; after 10 s, or on a
  // second signal, the process exits anyway. A crash (uncaught exception) closes the same way.
  closeWithGrace({ delay: 10_000, logger: { error: (message: string) => app.log.error(message) } }, async ({ signal, err }) => {
    if (cluster.isWorker) process.send?.(CLOSING);
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing requests in flight');
    await app.close();
  });
}
