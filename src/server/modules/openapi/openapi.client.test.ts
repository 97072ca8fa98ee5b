import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerProofs, sealSecret, unsealSecret } from '../../../shared/crypto/index.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';

/**
 * A client generated from the served document, as a user of the API would make one: openapi-typescript writes the
 * types, a small strict TypeScript program calls the API through openapi-fetch, and it runs against a real server.
 * The program names its calls by operationId (the generated `operations`), so losing one fails the compile.
 */
const PROGRAM = `
import createClient from 'openapi-fetch';
import type { operations, paths } from './api.js';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type CreateBody = Json<operations['createSecret']['requestBody']>;
type Created = Json<operations['createSecret']['responses'][201]>;
type Status = Json<operations['checkSecretExists']['responses'][200]>;
type Proofs = Json<NonNullable<operations['readSecret']['requestBody']>>;
type Content = Json<operations['readSecret']['responses'][200]>;
type Refused = Json<operations['readSecret']['responses'][404]>;

const input = JSON.parse(process.env.HUSH_CLIENT_INPUT ?? '') as { baseUrl: string; body: CreateBody; proofs: Proofs };
const client = createClient<paths>({ baseUrl: input.baseUrl });

const created = await client.POST('/secret', { body: input.body });
if (!created.data) throw new Error('createSecret answered ' + created.response.status);
const secret: Created = created.data;
const exists = await client.GET('/secret/{id}/exist', { params: { path: { id: secret.id } } });
if (!exists.data) throw new Error('checkSecretExists answered ' + exists.response.status);
const status: Status = exists.data;
const read = await client.POST('/secret/{id}', { params: { path: { id: secret.id } }, body: input.proofs });
if (!read.data) throw new Error('readSecret answered ' + read.response.status);
const content: Content = read.data;
const again = await client.POST('/secret/{id}', { params: { path: { id: secret.id } }, body: input.proofs });
const gone: Refused | undefined = again.error;

process.stdout.write(JSON.stringify({ secret, status, content, gone: gone?.code ?? null }));
`;

const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  target: ts.ScriptTarget.ES2023,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: ['node'],
  skipLibCheck: true,
};

function compile(files: string[], outDir: string): string[] {
  const program = ts.createProgram(files, { ...COMPILER_OPTIONS, outDir, rootDir: outDir });
  const emitted = program.emit();
  return [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map((diagnostic) => {
    const where = diagnostic.file ? `${diagnostic.file.fileName.slice(outDir.length + 1)}: ` : '';
    return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  });
}

describe('a client generated from the OpenAPI document', () => {
  let t: TestApp;
  let dir: string;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `${address}/api/v1`;
    dir = await mkdtemp(join(tmpdir(), 'hush-client-'));
    // The program finds openapi-fetch and the Node types where the project has them.
    await symlink(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('compiles in strict TypeScript and creates, checks and reads a secret whose text decrypts as sent', async () => {
    const document = (await t.app.inject('/api/v1/openapi.json')).json<Record<string, unknown>>();
    await writeFile(join(dir, 'api.d.ts'), astToString(await openapiTS(document as never)));
    await writeFile(join(dir, 'client.mts'), PROGRAM);
    expect(compile([join(dir, 'client.mts')], dir)).toEqual([]);

    const sealed = await sealSecret({ text: 'The vault code is 4711', title: 'Vault' });
    const proofs = await readerProofs(sealed.key);
    const input = {
      baseUrl,
      body: { ...sealed.fields, ttl: 3600 },
      proofs: { keyProof: proofs.keyProof, password: proofs.password },
    };
    const run = await promisify(execFile)(process.execPath, [join(dir, 'client.mjs')], {
      env: { ...process.env, HUSH_CLIENT_INPUT: JSON.stringify(input) },
      timeout: 10_000,
    });
    const output = JSON.parse(run.stdout) as {
      secret: { id: string };
      status: { id: string; viewsLeft: number };
      content: { text: string; title: string | null };
      gone: string | null;
    };
    expect(output.status).toMatchObject({ id: output.secret.id, viewsLeft: 1 });
    expect(await unsealSecret(proofs.keys, output.content)).toEqual({ text: 'The vault code is 4711', title: 'Vault' });
    expect(output.gone).toBe('secret.not_found');
  });

  it('the compile fails when an operationId the program uses is gone', async () => {
    const document = (await t.app.inject('/api/v1/openapi.json')).json<{
      paths: Record<string, Record<string, { operationId?: string }>>;
    }>();
    delete document.paths['/secret/{id}/exist']!.get!.operationId;
    const other = join(dir, 'without-exist');
    await mkdir(other);
    await writeFile(join(other, 'api.d.ts'), astToString(await openapiTS(document as never)));
    await writeFile(join(other, 'client.mts'), PROGRAM);
    expect(compile([join(other, 'client.mts')], other).join('\n')).toContain('checkSecretExists');
  });
});
