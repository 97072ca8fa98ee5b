// Boots the built server on SQLite in a temp folder and walks one secret through its life: create, check, read,
// read again (gone), plus the page, the command-line client's download and the health checks. Writes
// reports/smoke.json for the CI summary.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A port nothing listens on: the system picks it, then we hand it to the server. */
const port = await new Promise((resolve, reject) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
  probe.on('error', reject);
});
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-smoke-'));
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: { ...process.env, HUSH_PORT: String(port), HUSH_DATA_DIR: dataDir, HUSH_LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

const results = [];
async function check(name, fn) {
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`  ✓ smoke: ${name}`);
  } catch (error) {
    results.push({ name, ok: false, error: String(error) });
    console.log(`  ✗ smoke: ${name}: ${error}`);
  }
}
function expectEqual(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${expected}, got ${actual}`);
}
const json = (method, url, body) =>
  fetch(base + url, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });

async function waitReady() {
  // A busy CI machine can take a while to start Node and open the database.
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become ready in 30 s');
}

try {
  await check('the server starts and is ready', waitReady);
  let id;
  await check('create answers 201 with an id', async () => {
    const response = await json('POST', '/api/v1/secret', { text: 'hush1.c21va2U', ttl: 300, maxViews: 1 });
    expectEqual(response.status, 201, 'status');
    id = (await response.json()).id;
  });
  await check('exist answers 200 without spending the view', async () => {
    expectEqual((await json('GET', `/api/v1/secret/${id}/exist`)).status, 200, 'status');
  });
  await check('read returns the text once', async () => {
    const response = await json('POST', `/api/v1/secret/${id}`);
    expectEqual(response.status, 200, 'status');
    expectEqual((await response.json()).text, 'hush1.c21va2U', 'text');
  });
  await check('a second read answers 404', async () => {
    expectEqual((await json('POST', `/api/v1/secret/${id}`)).status, 404, 'status');
  });
  await check('the web page is served with a strict CSP', async () => {
    const response = await fetch(`${base}/`);
    expectEqual(response.status, 200, 'status');
    if (!response.headers.get('content-security-policy')?.includes("default-src 'self'")) throw new Error('no CSP');
    if (!(await response.text()).includes('id="hush-config"')) throw new Error('no runtime config element');
  });
  await check('the command-line client is served with its SHA-256', async () => {
    const response = await fetch(`${base}/hush-cli.mjs`);
    expectEqual(response.status, 200, 'status');
    expectEqual(response.headers.get('content-type'), 'text/javascript; charset=utf-8', 'content type');
    const hex = createHash('sha256')
      .update(Buffer.from(await response.arrayBuffer()))
      .digest('hex');
    expectEqual(await (await fetch(`${base}/hush-cli.mjs.sha256`)).text(), `${hex}  hush-cli.mjs\n`, 'checksum');
  });
  await check('paths that are no page answer 404, not the page', async () => {
    for (const path of ['/.env', '/wp-login.php', '/metrics']) {
      const response = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
      expectEqual(response.status, 404, path);
      expectEqual(response.headers.get('content-type'), 'application/json; charset=utf-8', `${path} content type`);
    }
  });
} finally {
  const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  server.kill('SIGTERM');
  const code = await exited;
  await check('SIGTERM stops the server cleanly (exit code 0)', async () => expectEqual(code, 0, 'exit code'));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const failed = results.filter((result) => !result.ok).length;
fs.mkdirSync('reports', { recursive: true });
fs.writeFileSync('reports/smoke.json', JSON.stringify({ passed: results.length - failed, failed, results }, null, 2));
process.exit(failed > 0 ? 1 : 0);
