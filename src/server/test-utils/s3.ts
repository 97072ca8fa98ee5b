import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3StorageOptions } from '../storage/s3-storage.js';

/** A running s3rver (a real S3-compatible HTTP server) for tests, in its own process and temp folder. */
export interface TestS3 {
  endpoint: string;
  port: number;
  /** The bucket created at start (the first of `buckets`). */
  bucket: string;
  /** Its objects live here (s3rver's file layout). */
  directory: string;
  /** Options for S3BlobStorage against this server and bucket. */
  options: S3StorageOptions;
  /** Settings for testConfig() that select this store. */
  config: {
    s3Endpoint: string;
    s3Bucket: string;
    s3Region: string;
    s3AccessKeyId: string;
    s3SecretAccessKey: string;
    s3ForcePathStyle: boolean;
  };
  stop(): Promise<void>;
}

/** s3rver's built-in account. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

// Runs in a child process so the server's memory and event loop stay apart from the code under test. It listens on
// a port the system picks, prints it, and exits when the test process closes its stdin (also if that one dies).
const SERVER_SCRIPT = `
const S3rver = require(process.env.S3RVER_MODULE);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: process.env.S3RVER_DIRECTORY,
  configureBuckets: JSON.parse(process.env.S3RVER_BUCKETS).map((name) => ({ name, configs: [] })),
});
server.run().then(
  (address) => process.stdout.write(JSON.stringify({ port: address.port }) + '\\n'),
  (error) => { console.error(error); process.exit(1); },
);
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;

/** Starts s3rver on 127.0.0.1 and a free port, in a new temp folder, with the given buckets created. */
export async function startS3(buckets: string[] = ['hush-test']): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'hush-s3rver-'));
  const child = spawn(process.execPath, ['-e', SERVER_SCRIPT], {
    env: {
      PATH: process.env.PATH,
      S3RVER_MODULE: createRequire(import.meta.url).resolve('s3rver'),
      S3RVER_DIRECTORY: directory,
      S3RVER_BUCKETS: JSON.stringify(buckets),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));

  async function stop(): Promise<void> {
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(directory, { recursive: true, force: true });
  }

  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      let stdout = '';
      const timer = setTimeout(() => reject(new Error(`s3rver did not start in 15 s\n${stderr}`)), 15_000);
      child.stdout.on('data', (data: Buffer) => {
        stdout += data.toString();
        const line = stdout.split('\n').find((text) => text.startsWith('{'));
        if (!line) return;
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited with code ${code} before it started\n${stderr}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }

  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = buckets[0] ?? 'hush-test';
  return {
    endpoint,
    port,
    bucket,
    directory,
    options: { endpoint, bucket, region: 'us-east-1', forcePathStyle: true, ...S3RVER_CREDENTIALS },
    config: {
      s3Endpoint: endpoint,
      s3Bucket: bucket,
      s3Region: 'us-east-1',
      s3AccessKeyId: S3RVER_CREDENTIALS.accessKeyId,
      s3SecretAccessKey: S3RVER_CREDENTIALS.secretAccessKey,
      s3ForcePathStyle: true,
    },
    stop,
  };
}
