// What the client's JavaScript is made of: a second Vite build with source maps into a temporary folder, and
// every minified byte of a chunk attributed, through its source map, to the package (or app folder) it came from.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const run = promisify(execFile);

export interface SourceMap {
  sources: string[];
  mappings: string;
}

/** A built chunk with its source map, as the sourcemap build wrote it (the trailing sourceMappingURL removed). */
export interface MappedChunk {
  file: string;
  code: string;
  map: SourceMap;
}

/** Builds the client again, with source maps, into a temporary folder; `dispose` removes it. */
export async function sourcemapBuild(root: string): Promise<{ dir: string; dispose(): void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hush-bench-sourcemap-'));
  const vite = path.join(root, 'node_modules/.bin/vite');
  await run(vite, ['build', '--sourcemap', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The chunk `file` (e.g. `index-AbC123.js`) of a sourcemap build; undefined when that build has no such file. */
export function readMappedChunk(buildDir: string, file: string): MappedChunk | undefined {
  const codePath = path.join(buildDir, 'assets', file);
  const mapPath = `${codePath}.map`;
  if (!existsSync(codePath)) return undefined;
  const code = readFileSync(codePath, 'utf8').replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');
  // Rolldown's runtime chunk comes without a map: all of it is the bundler's own code.
  const map: SourceMap = existsSync(mapPath)
    ? (JSON.parse(readFileSync(mapPath, 'utf8')) as SourceMap)
    : { sources: [], mappings: '' };
  return { file, code, map };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** One VLQ-encoded segment of a source map: its numbers, relative to the previous segment's. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`bad source map character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

export const UNMAPPED = '(bundler glue, no source)';

/**
 * Splits a chunk's code by origin: each mapped segment runs from its column to the next segment's (or the end of
 * its line) and belongs to its source. Returns the generated code of each source, keyed by the source's path.
 */
export function codeBySource(chunk: MappedChunk): Map<string, string> {
  const parts = new Map<string, string[]>();
  const add = (source: string, text: string) => {
    if (text === '') return;
    const list = parts.get(source);
    if (list) list.push(text);
    else parts.set(source, [text]);
  };
  const lines = chunk.code.split('\n');
  const mappingLines = chunk.map.mappings.split(';');
  let sourceIndex = 0;
  for (let lineNumber = 0; lineNumber < lines.length; lineNumber++) {
    const line = lines[lineNumber]!;
    const segments = (mappingLines[lineNumber] ?? '').split(',').filter(Boolean);
    let column = 0;
    const starts: { column: number; source: number | null }[] = [];
    for (const segment of segments) {
      const values = decodeSegment(segment);
      column += values[0] ?? 0;
      if (values.length >= 4) {
        sourceIndex += values[1]!;
        starts.push({ column, source: sourceIndex });
      } else {
        starts.push({ column, source: null });
      }
    }
    add(UNMAPPED, line.slice(0, starts[0]?.column ?? line.length) + '\n');
    starts.forEach((start, i) => {
      const end = starts[i + 1]?.column ?? line.length;
      const source = start.source === null ? UNMAPPED : (chunk.map.sources[start.source] ?? UNMAPPED);
      add(source, line.slice(start.column, end));
    });
  }
  return new Map([...parts].map(([source, list]) => [source, list.join('')]));
}

/** A package name for files under node_modules; `app: src/client/lib` style folders for the project's own code. */
export function groupOf(source: string): string {
  if (source === UNMAPPED) return source;
  const normalized = source.replace(/\\/g, '/');
  const at = normalized.lastIndexOf('node_modules/');
  if (at >= 0) {
    const [first, second] = normalized.slice(at + 'node_modules/'.length).split('/');
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? source);
  }
  const src = normalized.indexOf('src/');
  if (src < 0) return `app: ${normalized.replace(/^(\.\.\/)+/, '')}`;
  const parts = normalized.slice(src).split('/');
  // src/client/features/secrets/view/X.tsx → src/client/features/secrets; src/shared/crypto/x.ts → src/shared/crypto
  const depth = parts[1] === 'client' && parts[2] === 'features' ? 4 : 3;
  return `app: ${parts.slice(0, Math.min(depth, parts.length - 1)).join('/')}`;
}

export interface GroupSize {
  group: string;
  /** Minified bytes (UTF-8) of the group's code in the chunks measured. */
  minBytes: number;
  /** The chunks' gzip size shared out by minified bytes: these add up to the chunks' real gzip total. */
  gzipShare: number;
  /** The group's code gzipped on its own (no shared dictionary with the rest): these add up to more. */
  gzipAlone: number;
}

/**
 * Sizes by group over several chunks. `gzipOf(file)` gives the real gzip size of each chunk as served; a chunk's
 * gzip is shared out among its groups in proportion to their minified bytes.
 */
export function sizeByGroup(
  chunks: MappedChunk[],
  gzipOf: (file: string) => number,
  group: (source: string) => string = groupOf,
): GroupSize[] {
  const totals = new Map<string, { minBytes: number; gzipShare: number; code: string[] }>();
  for (const chunk of chunks) {
    const bySource = codeBySource(chunk);
    const chunkBytes = Buffer.byteLength(chunk.code);
    const chunkGzip = gzipOf(chunk.file);
    for (const [source, code] of bySource) {
      const name = group(source);
      const bytes = Buffer.byteLength(code);
      const entry = totals.get(name) ?? { minBytes: 0, gzipShare: 0, code: [] };
      entry.minBytes += bytes;
      entry.gzipShare += chunkBytes === 0 ? 0 : (chunkGzip * bytes) / chunkBytes;
      entry.code.push(code);
      totals.set(name, entry);
    }
  }
  return [...totals]
    .map(([name, entry]) => ({
      group: name,
      minBytes: entry.minBytes,
      gzipShare: entry.gzipShare,
      gzipAlone: gzipSync(entry.code.join(''), { level: 9 }).length,
    }))
    .sort((a, b) => b.gzipShare - a.gzipShare);
}
