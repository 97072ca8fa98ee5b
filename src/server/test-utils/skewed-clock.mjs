/*
 * A test hook that Hush never loads: `node --import …/skewed-clock.mjs` (startServerProcess's `clockOffsetMs`, the
 * fault runner's skew scenario) makes the process's clock HUSH_TEST_CLOCK_OFFSET_MS milliseconds ahead of the
 * machine's (behind when negative), as on a machine whose clock is off. Hush takes every time from Date.now
 * (lib/clock.ts), so only Date.now moves. Without this file on node's command line the variable does nothing.
 */
const offset = Number(process.env.HUSH_TEST_CLOCK_OFFSET_MS ?? '0');
if (!Number.isFinite(offset)) throw new Error('HUSH_TEST_CLOCK_OFFSET_MS must be a number of milliseconds');
const machineNow = Date.now;
Date.now = () => machineNow() + offset;
