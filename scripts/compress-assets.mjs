// After `vite build`: writes .br and .gz beside every text asset of dist/client, so the server can send them
// compressed without spending CPU per request (@fastify/static with preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const ROOT = 'dist/client';
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|html|txt|map)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name) && entry.name !== 'index.html') yield full;
  }
}

let raw = 0;
let brotli = 0;
for (const file of files(ROOT)) {
  const body = fs.readFileSync(file);
  if (body.length < 512) continue;
  const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  raw += body.length;
  brotli += br.length;
}
console.log(`compressed assets: ${(raw / 1024).toFixed(0)} KiB → ${(brotli / 1024).toFixed(0)} KiB brotli`);
