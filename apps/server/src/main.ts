// Starts the server: reads the configuration, builds the app, listens, and shuts down gracefully.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

let config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}

const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });

// On SIGTERM, SIGINT and the like, close() stops accepting connections and resolves once the requests
// in flight are answered and the database (and SQLite's checkpointer) is closed; after 10 s, or on a
// second signal, the process exits anyway. A crash (uncaught exception) closes the same way.
closeWithGrace({ delay: 10_000, logger: { error: (message: string) => app.log.error(message) } }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down: finishing requests in flight');
  await app.close();
});
