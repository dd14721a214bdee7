import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One config for the app build (vite) and every test project (vitest).
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    // `npm run dev` serves the app with hot reload; the API runs in `npm run dev:server`.
    proxy: { '/v1': 'http://localhost:8080' },
  },
  test: {
    globals: true,
    // Two files at a time even on two cores (vitest's default there is one): most of a server or browser
    // file's time is spent waiting on the database or the browser, and one at a time made the suite 27 min.
    // Browser files run after the others (the e2e project's groupOrder), also two at a time: beside the
    // server files they were slower.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // expect.poll waits for a state as long as a browser wait does (Playwright's 30 s), not vitest's 1 s: a
    // login at the production password cost took longer than that on a busy machine.
    expect: { poll: { timeout: 30_000 } },
    // The JSON report beside the console's: CI prints each project's time from it (.ci/timings.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: '.sema-test-data/vitest-report.json' },
    projects: [
      {
        extends: true,
        // A time-out stops a hung test; it is no speed check: the contract's checks compute over the whole
        // catalogue, and vitest's 5 s failed them beside another full run. A worker imports the modules once for
        // all its files (pure functions; the project took 36 s importing them per file, 19 s shared).
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'], isolate: false, testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/component/setup.ts'],
          // The first visit of a lazy page compiles its chunk; beside the server suite on two cores that
          // can pass 5 s.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          // A worker imports the server once for all its files (each file still builds its own apps and
          // databases): importing it again per file cost ~2 s a file, and the project took 510 s, not 325.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
