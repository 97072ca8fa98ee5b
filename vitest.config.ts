import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const inCi = process.env.CI === 'true';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/test-utils/global-setup.ts'],
    // Two files at once even on 2 cores (Vitest's default there is one): most suites spend their time waiting on
    // server processes, databases, PostgreSQL clusters of their own, nginx and the CLI, not on the CPU. Each suite
    // has its own PostgreSQL schema, data folder, ports and Redis prefix, so they do not see each other.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: inCi ? ['default', 'json'] : ['default'],
    outputFile: inCi ? { json: 'reports/vitest.json' } : undefined,
  },
});
