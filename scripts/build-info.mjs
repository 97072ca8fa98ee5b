// The last step of `npm run build`: records the commit and the moment of the build in dist/build-info.json.
// `npm start` compares the sources with it (rebuild only when they changed), and the server shows the commit
// without needing git at run time (containers and production installs have no .git).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

function commit() {
  if (process.env.HUSH_COMMIT) return process.env.HUSH_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

fs.writeFileSync(
  'dist/build-info.json',
  `${JSON.stringify({ commit: commit(), builtAt: new Date().toISOString() })}\n`,
);
