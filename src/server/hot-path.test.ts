import { DefaultQueryCompiler } from 'kysely';
import { z } from 'zod';
import { afterEach, expect, it } from 'vitest';
import { createSecret, createTestApp, type TestApp } from './test-utils/app.js';
import { describeEachDialect } from './test-utils/database.js';

/*
 * A guard against the next silent slowdown, by counting work instead of timing it: once warm, handling a create, a
 * check or a read builds no zod schema (one built per request once cost two thirds of create throughput) and
 * compiles no SQL (Kysely compiled every query on every call: an eighth of a create). Both are counted at their
 * source: every zod schema gets its `_zod` internals through Object.defineProperty, and every Kysely query passes
 * through DefaultQueryCompiler.compileQuery.
 */

interface Work {
  schemas: number;
  compiled: string[];
}

/** Counts zod schemas built and SQL compiled while `run` runs. */
async function countWork(run: () => Promise<void>): Promise<Work> {
  const work: Work = { schemas: 0, compiled: [] };
  const define = Object.defineProperty;
  const compile = DefaultQueryCompiler.prototype.compileQuery;
  Object.defineProperty = function (target: object, key: PropertyKey, descriptor: PropertyDescriptor) {
    if (key === '_zod') work.schemas++;
    return define(target, key, descriptor);
  } as typeof Object.defineProperty;
  DefaultQueryCompiler.prototype.compileQuery = function (this: DefaultQueryCompiler, ...args) {
    const query = compile.apply(this, args);
    work.compiled.push(query.sql);
    return query;
  };
  try {
    await run();
  } finally {
    Object.defineProperty = define;
    DefaultQueryCompiler.prototype.compileQuery = compile;
  }
  return work;
}

describeEachDialect('the hot path, warm', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** One of each request the hot path serves: create, check, read of a one-view and of a three-view secret. */
  async function round(app: TestApp['app']) {
    const one = await createSecret(app, {});
    const three = await createSecret(app, { maxViews: 3 });
    const answers = [
      await app.inject(`/api/v1/secret/${one.id}/exist`),
      await app.inject({ method: 'POST', url: `/api/v1/secret/${one.id}`, payload: {} }),
      await app.inject({ method: 'POST', url: `/api/v1/secret/${three.id}`, payload: {} }),
      await app.inject(`/api/secret/${three.id}`),
      await app.inject({ method: 'POST', url: `/api/v1/secret/${three.id}`, payload: {} }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
  }

  it('the counters see what they count (a schema built, a query compiled)', async () => {
    t = await createTestApp({ dialect });
    const db = t.database.db;
    const work = await countWork(async () => {
      z.object({ built: z.string() });
      await db.selectFrom('secrets').select('id').where('id', '=', 'x').execute();
    });
    expect(work.schemas).toBeGreaterThanOrEqual(2);
    expect(work.compiled).toHaveLength(1);
  });

  it('creates, checks and reads build no zod schema and compile no SQL once warm', async () => {
    t = await createTestApp({ dialect });
    await round(t.app);
    const { app } = t;
    const work = await countWork(async () => {
      for (let i = 0; i < 5; i++) await round(app);
    });
    expect(work).toEqual({ schemas: 0, compiled: [] });
  });
});
