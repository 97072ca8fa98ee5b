// Catches event-loop stalls in the act: the soak (`npm run soak -- --stalls DIR`) loads it into the server with
// `node --import`. The V8 sampling profiler runs all along, in windows of WINDOW_MS; a timer ticking every TICK_MS
// notices a turn of the loop that took longer than STALL_MS. For each stall it also reads, from the kernel's
// accounting of the main thread (/proc/self/task/PID/schedstat), how much of it the thread ran on a CPU, how much
// it waited for one (another process had the cores), and the rest (blocked: disk, fsync, a lock). The window is
// written to DIR/stall-<time>.json for bench/stall-report.ts; windows without a stall are dropped.
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const DIR = process.env.HUSH_STALL_DIR;
const WINDOW_MS = 20_000;
const TICK_MS = 10;
const STALL_MS = Number(process.env.HUSH_STALL_MS ?? 100);
const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;

/** Nanoseconds the main thread has run on a CPU, and waited for one, since it started. */
function schedstat() {
  try {
    const [ran, waited] = readFileSync(SCHEDSTAT, 'utf8').split(' ').map(Number);
    return { ran, waited };
  } catch {
    return { ran: NaN, waited: NaN };
  }
}

if (DIR) {
  const session = new Session();
  session.connect();
  const post = (method, params = {}) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  let stalls = [];
  let windowStart = 0;
  let last = performance.now();
  let lastSched = schedstat();
  setInterval(() => {
    const now = performance.now();
    const sched = schedstat();
    const late = now - last - TICK_MS;
    if (late > STALL_MS) {
      const ranMs = (sched.ran - lastSched.ran) / 1e6;
      const waitedMs = (sched.waited - lastSched.waited) / 1e6;
      stalls.push({
        startMs: Math.round(last + TICK_MS - windowStart),
        ms: Math.round(late),
        at: Date.now() - late,
        ranMs: Math.round(ranMs),
        waitedForCpuMs: Math.round(waitedMs),
        blockedMs: Math.max(0, Math.round(now - last - ranMs - waitedMs)),
      });
    }
    last = now;
    lastSched = sched;
  }, TICK_MS).unref();

  const window = async () => {
    const { profile } = await post('Profiler.stop');
    const caught = stalls;
    stalls = [];
    windowStart = performance.now();
    await post('Profiler.start');
    if (caught.length > 0) {
      const name = `stall-${new Date(caught[0].at).toISOString().replace(/[:.]/g, '-')}.json`;
      writeFileSync(path.join(DIR, name), JSON.stringify({ stalls: caught, profile }));
    }
    // Stopping the profiler and writing its profile block the loop too: that is the probe's doing, not the server's.
    last = performance.now();
    lastSched = schedstat();
  };
  await post('Profiler.setSamplingInterval', { interval: 1000 });
  await post('Profiler.enable');
  windowStart = performance.now();
  await post('Profiler.start');
  setInterval(() => void window(), WINDOW_MS).unref();
}
