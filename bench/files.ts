// File attachments through the API: upload (parts, a few at a time, then the completion) and download throughput of
// one large file. The bytes are the server's to store, not to read: a few random parts are made once and sent again
// and again (part 1 with a valid file header), so the client's own work does not limit the figures.
import { randomBytes } from 'node:crypto';
import { partLength, UPLOAD_TOKEN_HEADER } from '../src/shared/api/files.contract.js';
import { cipherSize, DEFAULT_CHUNK_SIZE, encodeFileHeader } from '../src/shared/crypto/file-format.js';

export interface FileRun {
  /** Plaintext bytes of the file. */
  size: number;
  partSize: number;
  concurrency: number;
}

export interface FileThroughput extends FileRun {
  /** Encrypted bytes sent and received. */
  bytes: number;
  /** MB/s (10^6 bytes) of the parts, and of the whole upload with its completion. */
  partsMBps: number;
  uploadMBps: number;
  completeSeconds: number;
  downloadMBps: number;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);

async function ok(response: Promise<Response>, what: string): Promise<Response> {
  const answer = await response;
  if (!answer.ok) throw new Error(`${what} failed: HTTP ${answer.status} ${await answer.text()}`);
  return answer;
}

/** Uploads one file of `run.size` plaintext bytes through `baseUrl`, completes it, reads it and downloads it. */
export async function measureFileThroughput(baseUrl: string, run: FileRun): Promise<FileThroughput> {
  const api = `${baseUrl}/api/v1`;
  const bytes = cipherSize(run.size);
  const created = await ok(
    fetch(`${api}/secret`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({
        text: 'hush1.eA',
        ttl: 3600,
        files: [{ meta: 'hush1.eA', size: bytes, partSize: run.partSize }],
      }),
    }),
    'creating the secret',
  );
  const { id, upload } = (await created.json()) as {
    id: string;
    upload: { token: string; files: { id: string; parts: number }[] };
  };
  const file = upload.files[0]!;
  const pool = Array.from({ length: 4 }, () => randomBytes(run.partSize));
  const first = Buffer.from(pool[0]!);
  Buffer.from(encodeFileHeader(DEFAULT_CHUNK_SIZE, randomBytes(16), randomBytes(7))).copy(first);
  const headers = { 'content-type': 'application/octet-stream', [UPLOAD_TOKEN_HEADER]: upload.token };

  const started = performance.now();
  let next = 1;
  const worker = async () => {
    for (let part = next++; part <= file.parts; part = next++) {
      const length = partLength(bytes, run.partSize, part);
      const body = (part === 1 ? first : pool[part % pool.length]!).subarray(0, length);
      await (
        await ok(
          fetch(`${api}/secret/${id}/files/${file.id}/parts/${part}`, { method: 'PUT', headers, body }),
          `part ${part}`,
        )
      ).arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: run.concurrency }, worker));
  const partsDone = performance.now();
  await ok(
    fetch(`${api}/secret/${id}/upload/complete`, { method: 'POST', headers: { [UPLOAD_TOKEN_HEADER]: upload.token } }),
    'completing the upload',
  );
  const uploaded = performance.now();

  const read = await ok(fetch(`${api}/secret/${id}`, { method: 'POST' }), 'reading the secret');
  const [{ downloadKey }] = ((await read.json()) as { files: { downloadKey: string }[] }).files as [
    { downloadKey: string },
  ];
  const downloadStarted = performance.now();
  const download = await ok(
    fetch(`${api}/download`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ key: downloadKey, secretId: id }),
    }),
    'downloading',
  );
  let received = 0;
  for await (const chunk of download.body as unknown as AsyncIterable<Uint8Array>) received += chunk.length;
  const downloaded = performance.now();
  if (received !== bytes) throw new Error(`the download had ${received} bytes, not ${bytes}`);

  return {
    ...run,
    bytes,
    partsMBps: mbps(bytes, partsDone - started),
    uploadMBps: mbps(bytes, uploaded - started),
    completeSeconds: (uploaded - partsDone) / 1000,
    downloadMBps: mbps(bytes, downloaded - downloadStarted),
  };
}

/** One line per run, for the report. */
export function formatFileReport(results: FileThroughput[]): string {
  const lines = results.map((r) => {
    const part = `${r.partSize / (1024 * 1024)} MiB parts × ${r.concurrency}`;
    return (
      `  ${(r.size / (1024 * 1024)).toFixed(0)} MiB file, ${part.padEnd(18)}  ` +
      `upload ${r.uploadMBps.toFixed(0).padStart(4)} MB/s (parts ${r.partsMBps.toFixed(0)} MB/s, ` +
      `completion ${r.completeSeconds.toFixed(1)} s)  download ${r.downloadMBps.toFixed(0).padStart(4)} MB/s`
    );
  });
  return ['File attachments through the API (disk storage, MB = 10^6 bytes):', ...lines].join('\n');
}
