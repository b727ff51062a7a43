// Unit and component tests. Without React Router's Vite plugin (it builds the app, not single
// modules); component tests (*.test.tsx) render in jsdom and are unmounted after each test.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['./src/test-setup.ts'],
  },
});
