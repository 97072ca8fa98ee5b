import { defineConfig } from 'vitest/config';

const inCi = process.env.CI === 'true';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/test-utils/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: inCi ? ['default', 'json'] : ['default'],
    outputFile: inCi ? { json: 'reports/vitest.json' } : undefined,
  },
});
