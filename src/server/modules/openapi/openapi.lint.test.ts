import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-utils/app.js';

/** Redocly's recommended ruleset, every rule on: the document is good enough to generate clients from. */
async function lint(document: unknown): Promise<string[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
  const where = (problem: NormalizedProblem) => problem.location[0]?.pointer ?? '';
  return problems.map((problem) => `${problem.severity} ${problem.ruleId} ${where(problem)}: ${problem.message}`);
}

describe('the OpenAPI document under a real linter', () => {
  let t: TestApp;
  let document: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject('/api/v1/openapi.json')).json();
  });
  afterAll(() => t.close());

  it('passes Redocly’s recommended rules with no error and no warning', async () => {
    expect(await lint(document)).toEqual([]);
  });

  it('the linter does find what the document once had: no operationId, a trailing slash, an ambiguous path, a bad example', async () => {
    const broken = structuredClone(document) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    delete broken.paths['/secret']!.post!.operationId;
    broken.paths['/secret/public/'] = broken.paths['/public-secrets']!;
    broken.paths['/secret/public/{username}'] = broken.paths['/public-secrets/{username}']!;
    const created = broken.paths['/secret']!.post!.responses as Record<string, { content: Record<string, object> }>;
    created['201']!.content['application/json'] = { ...created['201']!.content['application/json'], example: {} };
    const rules = (await lint(broken)).map((problem) => problem.split(' ').slice(0, 2).join(' '));
    expect(rules).toEqual(
      expect.arrayContaining([
        'warn operation-operationId',
        'error no-path-trailing-slash',
        'warn no-ambiguous-paths',
        'warn no-invalid-media-type-examples',
      ]),
    );
  });
});
