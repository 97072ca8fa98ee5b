// Child processes of the benchmark: started on 127.0.0.1, waited for, and stopped by their PID.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export const HOST = '127.0.0.1';

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface Child {
  name: string;
  pid: number;
  process: ChildProcess;
  exited: Promise<void>;
}

const isRunning = (child: Child) => child.process.exitCode === null && child.process.signalCode === null;

/** Runs `node <args>` with the given environment (under `wrapper`, a command such as a profiler); output goes to ours. */
export function startNode(name: string, args: string[], env: NodeJS.ProcessEnv, wrapper: string[] = []): Child {
  const [command, ...before] = [...wrapper, process.execPath];
  const proc = spawn(command!, [...before, ...args], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (proc.pid === undefined) throw new Error(`${name} did not start`);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return { name, pid: proc.pid, process: proc, exited };
}

/** Polls `url` until it answers 200; fails when the child exits or `timeoutMs` passes. */
export async function waitUntilReady(child: Child, url: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(child)) throw new Error(`${child.name} exited (code ${child.process.exitCode}) before it was ready`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${child.name} was not ready at ${url} within ${timeoutMs / 1000} s`);
}

/** SIGTERM to the child's PID, then SIGKILL if it has not exited after `graceMs`. */
export async function stop(child: Child, graceMs = 5_000): Promise<void> {
  if (!isRunning(child)) return;
  signal(child, 'SIGTERM');
  const timer = sleep(graceMs).then(() => 'timeout' as const);
  if ((await Promise.race([child.exited, timer])) === 'timeout') {
    signal(child, 'SIGKILL');
    await child.exited;
  }
}

/** For the last moment (process 'exit' handler): no waiting possible. */
export function killNow(child: Child): void {
  if (isRunning(child)) signal(child, 'SIGKILL');
}

function signal(child: Child, name: NodeJS.Signals): void {
  try {
    process.kill(child.pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Peak resident set size (VmHWM) of a running process, in MiB; undefined where /proc is not available. */
export function peakRssMiB(pid: number): number | undefined {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}
