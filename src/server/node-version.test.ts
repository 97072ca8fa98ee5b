import { expect, it } from 'vitest';
import { unsupportedNode } from './node-version.js';

it('runs on Node 22 and 24 and newer, and refuses Node 20 in one line that says what to do', () => {
  for (const version of ['22.13.0', '22.23.3', '24.0.0', '24.21.0', '26.1.0'])
    expect(unsupportedNode(version)).toBeNull();
  const refusal = unsupportedNode('20.20.2');
  expect(refusal).toBe(
    'Hush needs Node.js 22 or 24; this is Node.js 20.20.2. Install a supported Node.js (https://nodejs.org) and try again.',
  );
  expect(unsupportedNode('18.19.0')).toContain('Node.js 18.19.0');
});
