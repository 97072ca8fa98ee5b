import { startLoad, until, type LoadCounts } from './load.js';
import type { ServerProcess } from './server-process.js';

/**
 * The rolling restart (issue 29, point 11): instances behind a proxy are stopped (SIGTERM) and started again one at
 * a time while clients create and read secrets through the proxy without a pause. Used by shutdown.nginx.test.ts
 * and the fault runner; what it answers is what the clients saw.
 */

/** One instance the scenario can restart, as the processes of test-utils/server-process.ts are. */
export interface Instance {
  /** The process now running. */
  current: ServerProcess;
  /** Starts it again (same port, same data) once it has exited; resolves when /readyz answers 200. */
  start(): Promise<ServerProcess>;
}

export interface RollingRestart extends LoadCounts {
  /** Each stop's exit code, in order. */
  exitCodes: (number | null)[];
  /** API requests of the load each instance's processes logged during this restart, in order of the instances. */
  served: number[];
  /** Requests the stopping instances refused with 503 (the proxy sent each to another instance). */
  refusedWhileStopping: number;
}

const counted = new WeakMap<ServerProcess, { read: number; requests: number }>();

/** A 503 to one of the load's requests, in a process's request log. */
const REFUSED = /"route":"\/api\/v1\/secret[^"]*","status":503/g;

/**
 * API requests a process logged (HUSH_LOG_LEVEL=info writes a line per request), of the load's routes only (a load
 * beside it, the fault runner's, sends to their alias /api/secret and is not counted); counted as the output grows,
 * not read again whole at every look.
 */
function apiRequests(server: ServerProcess): number {
  const output = server.output();
  const seen = counted.get(server) ?? { read: 0, requests: 0 };
  const end = output.lastIndexOf('\n') + 1;
  seen.requests += output.slice(seen.read, end).split('"route":"/api/v1/secret').length - 1;
  seen.read = Math.max(seen.read, end);
  counted.set(server, seen);
  return seen.requests;
}

export async function rollingRestart(options: {
  /** Where the clients send their requests: the proxy. */
  url: string;
  ca?: string;
  clients: number;
  instances: Instance[];
}): Promise<RollingRestart> {
  const { instances } = options;
  const served = instances.map(() => 0);
  const exitCodes: (number | null)[] = [];
  let refusedWhileStopping = 0;
  // Requests the processes logged before this restart (the fault runner restarts the same instances every cycle).
  const before = new Map(instances.map((instance) => [instance.current, apiRequests(instance.current)]));
  const since = (server: ServerProcess) => apiRequests(server) - (before.get(server) ?? 0);
  const load = startLoad({ url: options.url, clients: options.clients, ca: options.ca });
  try {
    const warmedUp = () => load.counts().acknowledged >= 200 && instances.every((i) => since(i.current) > 0);
    await until('both instances take requests through the proxy', warmedUp);
    for (const [index, instance] of instances.entries()) {
      const stopping = instance.current;
      stopping.signal('SIGTERM');
      exitCodes.push((await stopping.exited).code);
      served[index]! += since(stopping);
      refusedWhileStopping += (stopping.output().match(REFUSED) ?? []).length;
      instance.current = await instance.start();
      // The proxy tries an instance that failed again after a while (nginx: fail_timeout, 10 s): only then is it
      // safe to stop the next one.
      await until('the proxy sends requests to the restarted instance', () => since(instance.current) > 0);
    }
    const acknowledged = load.counts().acknowledged;
    await until('the load goes on', () => load.counts().acknowledged >= acknowledged + 200);
  } catch (error) {
    await load.stop();
    throw error;
  }
  const counts = await load.stop();
  instances.forEach((instance, index) => (served[index]! += since(instance.current)));
  return { ...counts, exitCodes, served, refusedWhileStopping };
}
