// Crypto speed in Chromium: the project's envelope code (src/shared/crypto/envelope.ts), bundled for the browser
// by esbuild with bench/crypto-page.ts, served from a temporary folder by a tiny node:http server on 127.0.0.1
// (a secure context, so WebCrypto is there), and timed in the page.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from '@playwright/test';
import { V1_KDF } from '../src/shared/crypto/envelope.js';
import { HOST } from './processes.js';

const run = promisify(execFile);

export interface CryptoRunOptions {
  bytes: number;
  password: string | null;
  runs: number;
}

/** One round trip, as crypto-page.ts measures it in the browser. */
export interface CryptoRun {
  /** deriveKeys + encryptText. */
  encryptMs: number;
  /** deriveKeys again (the reader's side) + decryptText. */
  decryptMs: number;
  /** The key derivation within each: HKDF alone, or argon2id then HKDF with a password. */
  sealKdfMs: number;
  openKdfMs: number;
  envelopeChars: number;
  /** encryptText and decryptText taken apart: UTF-8, AES-256-GCM (WebCrypto), and the envelope's base64url. */
  parts: { utf8Ms: number; aesEncryptMs: number; base64EncodeMs: number; base64DecodeMs: number; aesDecryptMs: number };
}

export interface CryptoMode {
  label: string;
  bytes: number;
  runs: CryptoRun[];
}

export const TEXT_BYTES = 1024 * 1024;
export const RUNS = 5;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const PAGE =
  '<!doctype html><meta charset="utf-8"><title>crypto bench</title><script type="module" src="/crypto.js"></script>';

/** Bundles crypto-page.ts (and the envelope code it imports) into `dir`/crypto.js, minified as for production. */
async function bundle(root: string, dir: string): Promise<string> {
  const outfile = path.join(dir, 'crypto.js');
  await run(
    path.join(root, 'node_modules/.bin/esbuild'),
    [
      path.join(root, 'bench/crypto-page.ts'),
      '--bundle',
      '--minify',
      '--format=esm',
      '--platform=browser',
      '--target=es2022',
      '--log-level=error',
      `--outfile=${outfile}`,
    ],
    { cwd: root },
  );
  return readFileSync(outfile, 'utf8');
}

function serve(script: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const body = request.url === '/crypto.js' ? script : request.url === '/' ? PAGE : null;
    if (body === null) {
      response.writeHead(404).end();
      return;
    }
    const type = request.url === '/' ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8';
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${HOST}:${port}/`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Times envelope v1 on 1 MiB of text, without and with a password, in a fresh page. */
export async function measureCryptoSpeed(browser: Browser, root: string): Promise<CryptoMode[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hush-bench-crypto-'));
  let server: Awaited<ReturnType<typeof serve>> | undefined;
  const context = await browser.newContext();
  try {
    server = await serve(await bundle(root, dir));
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(server.url);
    await page.waitForFunction(
      () => typeof (globalThis as { hushCryptoBench?: unknown }).hushCryptoBench === 'function',
    );
    const secure = await page.evaluate(() => (globalThis as { isSecureContext?: boolean }).isSecureContext === true);
    if (!secure) throw new Error('the crypto page is not a secure context: WebCrypto would be missing');
    const modes: CryptoMode[] = [];
    const kdf = `argon2id ${V1_KDF.memoryKiB / 1024} MiB, t=${V1_KDF.iterations}, p=${V1_KDF.parallelism}`;
    for (const [label, password] of [
      ['no password', null],
      [`password (${kdf})`, 'correct horse battery staple'],
    ] as const) {
      const options: CryptoRunOptions = { bytes: TEXT_BYTES, password, runs: RUNS };
      const runs = await page.evaluate(
        (opts) =>
          (globalThis as unknown as { hushCryptoBench(o: CryptoRunOptions): Promise<CryptoRun[]> }).hushCryptoBench(
            opts,
          ),
        options,
      );
      modes.push({ label, bytes: TEXT_BYTES, runs });
    }
    if (problems.length > 0) throw new Error(`crypto page errors: ${problems.join('; ')}`);
    return modes;
  } finally {
    await context.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
