import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestS3 } from './s3.js';
import { freePort } from './services.js';

/**
 * Ceph's S3 gateway (Debian's radosgw) as a second S3 counterpart. Debian 12 ships Ceph 16 (Pacific), whose radosgw
 * has no cluster-less `dbstore` backend (that came with Ceph 17), so this starts the smallest real cluster: one
 * monitor and one OSD on the in-memory `memstore`, on loopback ports of its own, in a temp folder, without auth.
 */

const BINARIES = ['radosgw', 'radosgw-admin', 'ceph', 'ceph-mon', 'ceph-osd', 'monmaptool'];
export const hasRadosgw = BINARIES.every((name) => fs.existsSync(`/usr/bin/${name}`));
/** TEST_RADOSGW=off leaves it out where it is installed (CI's second runtime: the gateway does not change with it). */
export const radosgwOff = process.env.TEST_RADOSGW === 'off';

const run = promisify(execFile);
const CREDENTIALS = { accessKeyId: 'HUSHRADOSGWTEST', secretAccessKey: 'hush-radosgw-test-secret' } as const;

export async function startRadosgw(bucket = 'hush-test'): Promise<TestS3> {
  const dir = await mkdtemp(join(tmpdir(), 'hush-radosgw-'));
  const [monPort, port] = [await freePort(), await freePort()];
  const fsid = randomUUID();
  const conf = join(dir, 'ceph.conf');
  await writeFile(
    conf,
    `[global]
fsid = ${fsid}
mon_host = [v1:127.0.0.1:${monPort}]
ms_bind_msgr2 = false
ms_bind_ipv6 = false
public_addr = 127.0.0.1
auth_cluster_required = none
auth_service_required = none
auth_client_required = none
osd_objectstore = memstore
memstore_device_bytes = 1073741824
osd_pool_default_size = 1
osd_pool_default_min_size = 1
osd_pool_default_pg_num = 8
osd_pool_default_pgp_num = 8
mon_max_pg_per_osd = 1000
mon_allow_pool_size_one = true
osd_crush_chooseleaf_type = 0
run_dir = ${dir}
admin_socket = ${dir}/$name.asok
log_file = ${dir}/$name.log
mon_data = ${dir}/mon
osd_data = ${dir}/osd
rgw_data = ${dir}/rgw
rgw_frontends = beast endpoint=127.0.0.1:${port}
`,
  );
  const children: ChildProcess[] = [];
  // A start that outlives its test (a hook's timeout on a loaded machine) is never stopped by it: a watchdog stops
  // the daemons and removes the folder once this process is gone.
  spawn(
    'sh',
    [
      '-c',
      'while kill -0 "$1" 2>/dev/null; do [ -d "$2" ] || exit 0; sleep 1; done; kill -9 $(cat "$2/pids") 2>/dev/null; rm -rf "$2"',
      'watchdog',
      String(process.pid),
      dir,
    ],
    { detached: true, stdio: 'ignore' },
  ).unref();
  const daemon = (command: string, args: string[]) => {
    const child = spawn(command, ['-f', '-c', conf, ...args], { stdio: 'ignore' });
    children.push(child);
    fs.appendFileSync(join(dir, 'pids'), `${child.pid}\n`);
    return child;
  };
  const ceph = (args: string[], timeout = 30_000) => run('ceph', ['-c', conf, ...args], { timeout });

  async function stop() {
    await Promise.all(
      children.reverse().map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
    await rm(dir, { recursive: true, force: true });
  }

  try {
    for (const folder of ['mon', 'osd', 'rgw']) fs.mkdirSync(join(dir, folder));
    await run('monmaptool', ['--create', '--addv', 'a', `[v1:127.0.0.1:${monPort}]`, '--fsid', fsid, `${dir}/monmap`]);
    await run('ceph-mon', ['-c', conf, '--mkfs', '-i', 'a', '--monmap', `${dir}/monmap`]);
    daemon('ceph-mon', ['-i', 'a']);
    const { stdout: osdId } = await ceph(['osd', 'create']);
    await run('ceph-osd', ['-c', conf, '-i', osdId.trim(), '--mkfs']);
    await ceph(['osd', 'crush', 'add', `osd.${osdId.trim()}`, '1.0', 'root=default', 'host=localhost']);
    daemon('ceph-osd', ['-i', osdId.trim()]);
    daemon('radosgw', ['-n', 'client.rgw']);
    const endpoint = `http://127.0.0.1:${port}`;
    await until('radosgw to answer', async () => (await fetch(endpoint).catch(() => null))?.status === 200);
    await run('radosgw-admin', [
      '-c',
      conf,
      'user',
      'create',
      '--uid',
      'hush',
      '--display-name',
      'Hush tests',
      '--access-key',
      CREDENTIALS.accessKeyId,
      '--secret',
      CREDENTIALS.secretAccessKey,
    ]);
    const options = { endpoint, bucket, region: 'us-east-1', forcePathStyle: true, ...CREDENTIALS };
    const client = new S3Client({ endpoint, region: options.region, forcePathStyle: true, credentials: CREDENTIALS });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    client.destroy();
    return {
      endpoint,
      port,
      bucket,
      directory: dir,
      options,
      config: {
        s3Endpoint: endpoint,
        s3Bucket: bucket,
        s3Region: options.region,
        s3AccessKeyId: CREDENTIALS.accessKeyId,
        s3SecretAccessKey: CREDENTIALS.secretAccessKey,
        s3ForcePathStyle: true,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
