import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';

const { version } = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

describeEachDialect('health routes', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  it('/readyz says ok with its checks and the version of the running build (package.json)', async () => {
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', version, checks: { database: 'up', storage: 'up' } });
    expect(version).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
  });

  it('/healthz says ok and nothing else', async () => {
    const live = await t.app.inject('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  });
});
