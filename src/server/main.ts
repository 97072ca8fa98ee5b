import { ConfigError } from './config.js';
import { unsupportedNode } from './node-version.js';
import { startServer } from './server.js';
import { describeError, StartupError } from './startup-checks.js';

/**
 * The process: start, and stop cleanly on SIGTERM or SIGINT (exit 0 once requests in flight have finished). A
 * second signal stops at once. Start-up failures are one line each on stderr, with exit code 1.
 */
const unsupported = unsupportedNode();
if (unsupported) {
  console.error(unsupported);
  process.exit(1);
}

try {
  const server = await startServer(process.env);
  let signals = 0;
  const stop = (signal: NodeJS.Signals) => {
    if (++signals > 1) process.exit(1);
    server.shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Hush did not stop cleanly: ${describeError(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} catch (error) {
  if (error instanceof ConfigError || error instanceof StartupError) console.error(error.message);
  else console.error(`Hush could not start: ${describeError(error)}`);
  process.exit(1);
}
