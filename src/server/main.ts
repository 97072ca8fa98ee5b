import { ConfigError } from './config.js';
import { createLogger } from './lib/logger.js';
import { unsupportedNode } from './node-version.js';
import { startServer } from './server.js';
import { describeError, StartupError } from './startup-checks.js';

/**
 * The process: start, and stop cleanly on SIGTERM or SIGINT (exit 0 once requests in flight have finished). A
 * second signal stops at once. Start-up failures are one JSON line each (level 60, fatal), with exit code 1: the
 * server's own lines come from the logger it makes from the configuration; this one says what comes before and
 * after it, at level info whatever HUSH_LOG_LEVEL says (it may be the setting that is wrong).
 */
const log = createLogger('info');
const fail = (fields: object, message: string) => {
  log.fatal(fields, message);
  process.exit(1);
};
// Node would print these as a stack on standard error: a collector reading JSON lines would not see them as one.
process.on('uncaughtException', (error) => fail({ err: error }, 'Hush stopped on an unexpected error'));
process.on('unhandledRejection', (error) => fail({ err: error }, 'Hush stopped on an unexpected error'));

const unsupported = unsupportedNode();
if (unsupported) fail({}, unsupported);

try {
  const server = await startServer(process.env);
  let signals = 0;
  const stop = (signal: NodeJS.Signals) => {
    if (++signals > 1) process.exit(1);
    server.shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => fail({}, `Hush did not stop cleanly: ${describeError(error)}`),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} catch (error) {
  if (error instanceof ConfigError) fail({ problems: error.problems }, error.message);
  else if (error instanceof StartupError) fail({}, error.message);
  else fail({}, `Hush could not start: ${describeError(error)}`);
}
