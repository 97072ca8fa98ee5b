#!/usr/bin/env node
// First: refuses a Node.js the CLI cannot run on, before any other module is evaluated.
import './node-check.js';
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
