import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database (SQLite in memory, or its own PostgreSQL schema).
    fileParallelism: true,
    maxWorkers: 2,
    // PostgreSQL schemas are dropped after the whole run, never while another file migrates.
    globalSetup: ['test/drop-schemas.ts'],
  },
});
