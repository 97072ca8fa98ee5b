import { execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { filesUnder } from './files.js';

/**
 * Debian's nginx for tests, run as a process of our own (never the system service): its configuration, pid file,
 * temp folders and logs live in a temp folder, it listens on loopback ports the test chose, and it is stopped by
 * its PID. `apt-get install nginx openssl` provides what it needs.
 */

/** An executable by name, on PATH or in the sbin folders (where Debian puts nginx, often off a user's PATH). */
function executable(name: string): string | null {
  const folders = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/bin'];
  for (const folder of folders.filter(Boolean)) {
    try {
      accessSync(join(folder, name), constants.X_OK);
      return join(folder, name);
    } catch {
      // Not here.
    }
  }
  return null;
}

export const NGINX = executable('nginx');
export const OPENSSL = executable('openssl');

/** A self-signed certificate for 127.0.0.1 (valid a day), made with the openssl command. */
export async function selfSignedCertificate(dir: string): Promise<{ certFile: string; keyFile: string; pem: string }> {
  if (!OPENSSL) throw new Error('openssl is not installed');
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    OPENSSL,
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return { certFile, keyFile, pem: await readFile(certFile, 'utf8') };
}

export interface TestNginx {
  pid: number;
  /** nginx's prefix: the configuration, pid file and temp folders are below it. */
  dir: string;
  /**
   * Files nginx keeps in its temp folders (request bodies or responses it buffers): none when it streams. nginx
   * unlinks such a file as soon as it has created it, so its processes' open descriptors are looked at too.
   */
  tempFiles(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * Starts nginx with `site` (server blocks) inside an http block of our own that keeps everything in a new temp
 * folder, and waits until each of `ports` on 127.0.0.1 accepts connections.
 */
export async function startNginx(site: string, ports: number[]): Promise<TestNginx> {
  if (!NGINX) throw new Error('nginx is not installed');
  const dir = await mkdtemp(join(tmpdir(), 'hush-nginx-'));
  const temp = join(dir, 'temp');
  const conf = join(dir, 'nginx.conf');
  await mkdir(temp);
  await writeFile(
    conf,
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      'error_log stderr warn;',
      // As root, nginx would run its worker as nobody, who cannot enter our temp folder.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${temp}/${kind};`),
      site,
      '}',
      '',
    ].join('\n'),
  );

  const child = spawn(NGINX, ['-p', `${dir}/`, '-c', conf, '-e', 'stderr'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (data: Buffer) => {
    output = (output + data.toString('utf8')).slice(-8192);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  // If the test process goes away without stopping it, nginx must not outlive it.
  const killOnExit = () => running() && child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (running()) {
      child.kill('SIGTERM'); // fast shutdown: the master stops its worker and exits
      if ((await Promise.race([exited, sleep(5000).then(() => 'timeout')])) === 'timeout') {
        child.kill('SIGKILL');
        await exited;
      }
    }
    await rm(dir, { recursive: true, force: true });
  };

  try {
    for (const port of ports) await waitForPort(port, () => running(), 10_000);
  } catch (error) {
    await stop();
    throw new Error(`nginx did not start: ${(error as Error).message}\n${output}`);
  }
  const tempFiles = async () => [...(await filesUnder(temp)), ...openFilesUnder(processTree(child.pid!), temp)];
  return { pid: child.pid!, dir, tempFiles, stop };
}

/** The process and its children (nginx's master and workers), from /proc. */
function processTree(pid: number): number[] {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // Field 4 of stat is the parent; the command name before it is in parentheses and may hold spaces.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    });
  return [pid, ...children.map(Number)];
}

/** Paths under `dir` that these processes hold open (deleted ones end in " (deleted)"). */
function openFilesUnder(pids: number[], dir: string): string[] {
  return pids.flatMap((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`)
        .map((fd) => {
          try {
            return readlinkSync(`/proc/${pid}/fd/${fd}`);
          } catch {
            return '';
          }
        })
        .filter((target) => target.startsWith(`${dir}/`));
    } catch {
      return [];
    }
  });
}

/** Resolves once 127.0.0.1:`port` accepts a connection; fails when `alive` turns false or time is up. */
async function waitForPort(port: number, alive: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error('the process exited');
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(50);
  }
  throw new Error(`nothing listened on port ${port} after ${timeoutMs / 1000} s`);
}

/**
 * docs/nginx.conf for this test. Each substitution must match once, so the docs cannot drift from what is tested.
 * `hush`: the port of each instance (the documented upstream has one, and a second commented out).
 */
export function siteFromDocs(
  docs: string,
  ports: { http: number; https: number; hush: number | [number, number] },
  certificate: { certFile: string; keyFile: string },
  /** A load balancer in front of nginx: the documented real_ip lines are switched on for this address only. */
  front: string,
): string {
  const [first, second] = [ports.hush].flat();
  const substitutions: [string, string][] = [
    ['listen 80;', `listen 127.0.0.1:${ports.http};`],
    ['listen 443 ssl;', `listen 127.0.0.1:${ports.https} ssl;`],
    ['/etc/letsencrypt/live/hush.example.org/fullchain.pem', certificate.certFile],
    ['/etc/letsencrypt/live/hush.example.org/privkey.pem', certificate.keyFile],
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${first};`],
    ...(second ? [['# server 127.0.0.1:3001;', `server 127.0.0.1:${second};`] as [string, string]] : []),
    ['# set_real_ip_from 10.0.0.0/8;', `set_real_ip_from ${front};`],
    ['# real_ip_header X-Forwarded-For;', 'real_ip_header X-Forwarded-For;'],
    ['# real_ip_recursive on;', 'real_ip_recursive on;'],
  ];
  return substitutions.reduce((site, [from, to]) => {
    if (site.split(from).length !== 2) throw new Error(`docs/nginx.conf no longer has "${from}" (once)`);
    return site.replace(from, to);
  }, docs);
}

/** One directive of an nginx configuration: its name, its arguments and, for a block, what the block holds. */
export interface NginxDirective {
  name: string;
  args: string[];
  block?: NginxDirective[];
}

/**
 * Reads an nginx configuration into its directives (comments dropped, quotes taken off), enough to compare two
 * configurations directive by directive; nginx itself stays the judge of whether one is valid.
 */
export function parseNginx(text: string): NginxDirective[] {
  const tokens = [...text.matchAll(/#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};"'#]+)/g)];
  let at = 0;
  const read = (closing: boolean): NginxDirective[] => {
    const directives: NginxDirective[] = [];
    let words: string[] = [];
    for (; at < tokens.length; at++) {
      const [whole, double, single, punctuation, word] = tokens[at]!;
      if (whole.startsWith('#')) continue; // a comment; a # inside quotes belongs to the string
      if (punctuation === ';') {
        directives.push({ name: words[0]!, args: words.slice(1) });
        words = [];
      } else if (punctuation === '{') {
        at += 1;
        directives.push({ name: words[0]!, args: words.slice(1), block: read(true) });
        words = [];
      } else if (punctuation === '}') {
        if (!closing) throw new Error('nginx configuration: a } closes nothing');
        return directives;
      } else words.push(word ?? double ?? single ?? '');
    }
    if (closing) throw new Error('nginx configuration: a { is never closed');
    return directives;
  };
  return read(false);
}

/**
 * For each location of the server block that proxies (`proxy_pass`), the value of each of `names` that applies
 * there: the location's own, else the server block's, else the site's own top level (inside nginx's http block),
 * else null (nginx's default).
 */
export function effectiveInLocations(
  site: NginxDirective[],
  names: readonly string[],
): Record<string, Record<string, string | null>> {
  const servers = site.filter((directive) => directive.name === 'server' && directive.block);
  const proxying = servers.filter((server) =>
    server.block!.some((d) => d.name === 'location' && d.block?.some((inner) => inner.name === 'proxy_pass')),
  );
  if (proxying.length !== 1) throw new Error(`expected one server block that proxies, found ${proxying.length}`);
  const server = proxying[0]!.block!;
  const value = (directives: NginxDirective[], name: string) => {
    const found = directives.filter((directive) => directive.name === name);
    if (found.length > 1) throw new Error(`${name} is set twice in one block`);
    return found[0] ? found[0].args.join(' ') : undefined;
  };
  const top = site.filter((directive) => !directive.block);
  return Object.fromEntries(
    server
      .filter((directive) => directive.name === 'location' && directive.block)
      .map((location) => [
        location.args.join(' '),
        Object.fromEntries(
          names.map((name) => [name, value(location.block!, name) ?? value(server, name) ?? value(top, name) ?? null]),
        ),
      ]),
  );
}
