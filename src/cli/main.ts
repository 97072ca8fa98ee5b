#!/usr/bin/env node
import { run } from './run.js';

// Ctrl-C cancels what is under way (an upload is then deleted on the server) before hush exits.
const controller = new AbortController();
process.once('SIGINT', () => controller.abort(new Error('Stopped')));

process.exitCode = await run(process.argv.slice(2), {
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: controller.signal,
});
