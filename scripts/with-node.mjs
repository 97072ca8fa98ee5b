// `npm test` on any Node.js: `node scripts/with-node.mjs SCRIPT [ARGS…]` runs `npm run SCRIPT -- ARGS…` on a
// supported Node.js, the machine's own or the pinned one `npm start` uses (node-runtime.mjs), first on the PATH so
// that every `node` the script starts (Vitest, the build, Playwright's server) is that one too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { withSupportedNode } from './node-runtime.mjs';

await withSupportedNode(import.meta.url);

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('Usage: node scripts/with-node.mjs SCRIPT [ARGS…]');
  process.exit(2);
}
const npm = process.env.npm_execpath;
const child = spawn(
  npm ? process.execPath : 'npm',
  [...(npm ? [npm] : []), 'run', script, ...(args.length > 0 ? ['--', ...args] : [])],
  {
    stdio: 'inherit',
    shell: !npm && process.platform === 'win32',
    env: { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` },
  },
);
// A Ctrl-C reaches the whole foreground group, npm and the tests included: this process only waits for them to
// finish. SIGTERM and SIGHUP sent to it alone are passed on.
process.on('SIGINT', () => {});
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.once('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
