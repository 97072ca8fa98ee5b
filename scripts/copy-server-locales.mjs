// A step of `npm run build`, after tsc (which copies no JSON): the server's own texts (account emails, event notices;
// src/server/locales/{code}/emails.json) into dist/server/locales, where dist/server/lib/server-i18n.js reads them.
// The folder is replaced whole, so a language removed from the sources is removed from the build too.
import fs from 'node:fs';
import path from 'node:path';

const from = 'src/server/locales';
const to = 'dist/server/locales';

if (!fs.existsSync(path.join(from, 'en', 'emails.json'))) throw new Error(`${from}/en/emails.json is missing`);
fs.rmSync(to, { recursive: true, force: true });
fs.cpSync(from, to, {
  recursive: true,
  filter: (source) => fs.statSync(source).isDirectory() || source.endsWith('.json'),
});
const files = fs.readdirSync(to, { recursive: true }).filter((file) => String(file).endsWith('.json')).length;
console.log(`server texts: ${files} files into ${to}`);
