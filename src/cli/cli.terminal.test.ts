import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cliWorld } from './cli.test-utils.js';

const world = cliWorld({ uploadRestriction: false, anonymousMaxFileBytes: 64 * 1024 * 1024 });

/**
 * Runs a shell command on a pseudo-terminal (util-linux `script`), as a person at a terminal would: each step waits
 * until the screen shows `when`, then types `type`. Returns everything the terminal showed, and the exit code.
 */
function atTerminal(command: string, steps: { when: RegExp; type: string }[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; screen: string }>((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: { PATH: process.env.PATH ?? '', HOME: world.dir, SHELL: '/bin/sh', TERM: 'dumb', ...env },
    });
    let screen = '';
    let shown = 0;
    const pending = [...steps];
    const timer = setTimeout(() => reject(new Error(`stuck at a prompt; the screen shows:\n${screen}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString('utf8');
      const step = pending[0];
      if (step && step.when.test(screen.slice(shown))) {
        shown = screen.length;
        pending.shift();
        child.stdin.write(step.type);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, screen });
    });
  });
}

it('--password-prompt asks twice on the terminal without echo, and open asks again after a wrong password', async () => {
  const input = join(world.dir, 'secret.txt');
  writeFileSync(input, 'behind a typed password');
  const env = { HUSH_SERVER: world.url, HUSH_CONFIG: join(world.dir, 'none.json') };
  // Standard input is the file: the questions go to the terminal itself (/dev/tty).
  const created = await atTerminal(
    `node ${world.cli} create --password-prompt < ${input} > ${join(world.dir, 'link.txt')}`,
    [
      { when: /Password for the secret: $/, type: 'tr0ub4dor&3\r' },
      { when: /Type it again: $/, type: 'tr0ub4dor&3\r' },
    ],
    env,
  );
  expect(created.code, created.screen).toBe(0);
  expect(created.screen).not.toContain('tr0ub4dor');
  const { readFileSync } = await import('node:fs');
  const link = readFileSync(join(world.dir, 'link.txt'), 'utf8').trim();

  const opened = await atTerminal(
    `node ${world.cli} open '${link}'`,
    [
      { when: /Password: $/, type: 'wrong guess\r' },
      { when: /Wrong password \(4 attempts left\)[\s\S]*Password: $/, type: 'tr0ub4dor&3\r' },
    ],
    env,
  );
  expect(opened.code, opened.screen).toBe(0);
  expect(opened.screen).toContain('behind a typed password');
  expect(opened.screen).not.toContain('tr0ub4dor');
  expect(opened.screen).not.toContain('wrong guess');
});

it('two different passwords are asked for again; Ctrl-C at the prompt stops with 130 and sends nothing', async () => {
  const env = { HUSH_SERVER: world.url, HUSH_CONFIG: join(world.dir, 'none.json') };
  const before = await world.t.database.db.selectFrom('secrets').select('id').execute();
  const stopped = await atTerminal(
    `echo text | node ${world.cli} create --password-prompt`,
    [
      { when: /Password for the secret: $/, type: 'one\r' },
      { when: /Type it again: $/, type: 'two\r' },
      { when: /differ; once more\.[\s\S]*Password for the secret: $/, type: '\u0003' },
    ],
    env,
  );
  expect(stopped.code).toBe(130);
  expect(await world.t.database.db.selectFrom('secrets').select('id').execute()).toEqual(before);
});

it('on a terminal, sending and receiving a file show progress on one line; in a pipe nothing of it', async () => {
  const input = join(world.dir, 'progress.bin');
  const { randomBytes } = await import('node:crypto');
  writeFileSync(input, randomBytes(48 * 1024 * 1024));
  const env = { HUSH_SERVER: world.url, HUSH_CONFIG: join(world.dir, 'none.json') };
  const created = await atTerminal(`node ${world.cli} create --file ${input} < /dev/null`, [], env);
  expect(created.code, created.screen).toBe(0);
  expect(created.screen).toMatch(/\rSending progress\.bin \d+% \([\d.]+ MiB of 48 MiB\)/);
  const link = /(http:\S+#encryption_key=[\w-]{43})/.exec(created.screen)![1]!;
  const out = join(world.dir, 'progress-out');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(out);
  const opened = await atTerminal(`node ${world.cli} open '${link}' --out ${out}`, [], env);
  expect(opened.code, opened.screen).toBe(0);
  expect(opened.screen).toMatch(/\rReceiving progress\.bin \d+%/);
  expect(opened.screen).toContain(`Saved ${join(out, 'progress.bin')} (48 MiB)`);
  // Not a terminal: the same command writes no progress.
  const piped = await world.run(['create', '--file', input]);
  expect(piped.stderr).not.toContain('Sending');
});
