import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { cspMeta } from './scripts/vite-csp-meta.js';

/** Production builds put a no-op in place of the development check of answers against the contracts (and zod). */
const withoutAnswerCheck: Plugin = {
  name: 'hush:without-answer-check',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === './answer-check' && importer?.endsWith(path.join('lib', 'api-client.ts'))) {
      return path.resolve(import.meta.dirname, 'src/client/lib/answer-check.off.ts');
    }
    return null;
  },
};

/** A client feature's public index.ts. */
const FEATURE_DOOR = /[\\/]src[\\/]client[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

export default defineConfig({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [withoutAnswerCheck, react(), tailwindcss(), cspMeta()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // A feature's index.ts only re-exports (the door the lint rule keeps); without this the bundler gives each
      // door a chunk of its own and splits the shared code again around it.
      treeshake: { moduleSideEffects: [{ test: FEATURE_DOOR, sideEffects: false }] },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
