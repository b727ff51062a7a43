import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './support/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
    trace: 'off',
  },
  webServer: {
    command: 'node e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});
