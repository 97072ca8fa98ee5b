import fs from 'node:fs';
import { expect, it } from 'vitest';
import { readmeWithTable } from './config-table.js';

it('the README configuration table matches the config module (run npm run docs:config)', () => {
  const readme = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  expect(readmeWithTable(readme)).toBe(readme);
});
