import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.js';
import { E2E_ADMIN } from './e2e/server-env.js';

const port = Number(process.env.E2E_PORT ?? 3199);
// Set once, in the runner: its workers inherit it, so a test can scan what the server stored (requests.spec.ts).
const dataDir = (process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `hush-e2e-${process.pid}`));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI === 'true' ? [['list'], ['json', { outputFile: 'reports/playwright.json' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node dist/server/main.js',
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      HUSH_PORT: String(port),
      HUSH_HOST: '127.0.0.1',
      HUSH_DATA_DIR: dataDir,
      HUSH_RATE_LIMIT: 'false',
      HUSH_LOG_LEVEL: 'warn',
      HUSH_ADMIN_USERNAME: E2E_ADMIN.username,
      HUSH_ADMIN_PASSWORD: E2E_ADMIN.password,
      HUSH_ANALYTICS: 'true',
      // Webhook specs post to a receiver on 127.0.0.1, and a refused delivery is retried soon.
      HUSH_WEBHOOK_ALLOW_PRIVATE: 'true',
      HUSH_DELIVERY_RETRY_MS: '500',
    },
  },
});
