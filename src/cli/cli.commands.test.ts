import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { cliWorld, node20, nodeForUser, runCli, secretRows } from './cli.test-utils.js';

const world = cliWorld({
  uploadRestriction: false,
  anonymousMaxFileBytes: 8 * 1024 * 1024,
  maxFileBytes: 64 * 1024 * 1024,
  // Receipts then show each reader's address.
  statusReaderIp: 'full',
});
const LINK = /^http:\/\/127\.0\.0\.1:\d+\/secret\/[\w-]{22}#encryption_key=[\w-]{43}\n$/;
const RECEIPT = /http:\/\/127\.0\.0\.1:\d+\/receipt\/([\w-]{22})#[\w-]{43}/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A fresh, empty folder of the suite's own. */
let folders = 0;
const folder = () => {
  const path = join(world.dir, `out-${++folders}`);
  mkdirSync(path);
  return path;
};

describe('hush create and hush open', () => {
  it('standard input comes back byte for byte: UTF-8 with a BOM, no final newline, and control characters', async () => {
    const text = '\uFEFFdb: hunter2\r\n\ttab ünïcode 🔑\u0007 end';
    const created = await world.run(['create'], { input: text });
    expect(created.code).toBe(0);
    expect(created.out).toMatch(LINK);
    expect(created.stderr).toMatch(/hush burn [\w-]{22} --token=[\w-]{43}/);
    const opened = await world.run(['open', created.out.trim()]);
    expect(opened.code).toBe(0);
    expect(opened.stdout.equals(Buffer.from(text, 'utf8'))).toBe(true);
    // One view: the second open finds nothing and says so with exit code 3.
    const again = await world.run(['open', created.out.trim()]);
    expect(again.code).toBe(3);
    expect(again.stderr).toBe(
      'hush: This secret does not exist: it expired, was opened already or was burned, or the link is wrong\n',
    );
  });

  it('4,096 random bytes on standard input are the secret’s content and come back identical on standard output', async () => {
    const bytes = randomBytes(4096);
    const created = await world.run(['create'], { input: bytes });
    expect(created.code).toBe(0);
    expect(created.stderr).not.toContain('stdin.bin');
    const out = folder();
    const opened = await world.run(['open', created.out.trim(), '--out', out]);
    expect(opened.code).toBe(0);
    expect(opened.stdout.equals(bytes)).toBe(true);
    expect(readdirSync(out)).toEqual([]);
  });

  it('--file: several files (binary, empty, a name with spaces) and text, each verified and saved, with --json', async () => {
    const inputs = folder();
    const files = {
      'photo 1.bin': randomBytes(3 * 1024 * 1024 + 17),
      'empty.txt': Buffer.alloc(0),
      'notes.md': Buffer.from('# notes\n'),
    };
    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(inputs, name), bytes);
    const paths = Object.keys(files).map((name) => join(inputs, name));
    const created = await world.run(
      ['create', ...paths.flatMap((path) => ['--file', path]), '--title', 'Quarterly keys', '--views', '2', '--json'],
      { input: 'see the files' },
    );
    expect(created.code).toBe(0);
    const answer = JSON.parse(created.out) as Record<string, unknown>;
    expect(answer).toEqual({
      id: expect.stringMatching(/^[\w-]{22}$/),
      link: expect.stringMatching(LINK.source.slice(0, -3) + '$'),
      receiptLink: expect.stringMatching(`^${RECEIPT.source}$`),
      deleteToken: expect.stringMatching(/^[\w-]{43}$/),
      expiresAt: expect.any(String),
      isPublic: false,
      files: Object.entries(files).map(([name, bytes]) => ({ name, size: bytes.length })),
    });
    const out = folder();
    const opened = await world.run(['open', answer.link as string, '--out', out, '--json']);
    expect(opened.code).toBe(0);
    const content = JSON.parse(opened.out) as { files: { name: string; path: string; size: number }[] };
    expect(content).toEqual({
      id: answer.id,
      title: 'Quarterly keys',
      text: 'see the files',
      files: Object.entries(files).map(([name, bytes]) => ({
        name,
        type: name.endsWith('.md') ? 'text/markdown' : name.endsWith('.txt') ? 'text/plain' : '',
        size: bytes.length,
        path: join(out, name),
      })),
      viewsLeft: 1,
      expiresAt: answer.expiresAt,
    });
    for (const [name, bytes] of Object.entries(files)) expect(readFileSync(join(out, name)).equals(bytes)).toBe(true);
    // The second view into the same folder: nothing is replaced; the new copies take numbered names.
    const second = await world.run(['open', answer.link as string, '--out', out]);
    expect(second.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(
      ['empty (1).txt', 'empty.txt', 'notes (1).md', 'notes.md', 'photo 1 (1).bin', 'photo 1.bin'].sort(),
    );
    expect(readFileSync(join(out, 'photo 1 (1).bin')).equals(files['photo 1.bin'])).toBe(true);
  });

  it('--force replaces a file of the same name; without it the old one stays', async () => {
    const inputs = folder();
    writeFileSync(join(inputs, 'a.txt'), 'new');
    const out = folder();
    writeFileSync(join(out, 'a.txt'), 'old');
    const created = await world.run(['create', '--file', join(inputs, 'a.txt'), '--views', '2']);
    const link = created.out.trim();
    expect((await world.run(['open', link, '--out', out])).code).toBe(0);
    expect(readFileSync(join(out, 'a.txt'), 'utf8')).toBe('old');
    expect(readFileSync(join(out, 'a (1).txt'), 'utf8')).toBe('new');
    expect((await world.run(['open', link, '--out', out, '--force'])).code).toBe(0);
    expect(readFileSync(join(out, 'a.txt'), 'utf8')).toBe('new');
  });

  it('--ttl in words, --views, --ip, --burn-after-time and --title reach the server as chosen', async () => {
    const created = await world.run(
      ['create', '--ttl', '30m', '--views', '3', '--ip', '10.0.0.0/8', '--burn-after-time', '--title', 'x', '--json'],
      { input: 'options' },
    );
    expect(created.code).toBe(0);
    const { id, expiresAt } = JSON.parse(created.out) as { id: string; expiresAt: string };
    const row = (await secretRows(world.t)).find((secret) => secret.id === id)!;
    expect(row).toMatchObject({ max_views: 3, allowed_ip: '10.0.0.0/8', prevent_burn: expect.anything() });
    expect(Boolean(row.prevent_burn)).toBe(true);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    // The IP lock refuses this machine: exit 4, and the secret is untouched.
    const refused = await world.run(['open', JSON.parse(created.out).link as string]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toBe('hush: This secret cannot be opened from your network address\n');
  });

  it('--public stores plain text (no key in the link) and opens without one', async () => {
    const created = await world.run(['create', '--public', '--title', 'Wi-Fi'], { input: 'guest / welcome' });
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/\/secret\/[\w-]{22}\n$/);
    const opened = await world.run(['open', created.out.trim()]);
    expect(opened).toMatchObject({ code: 0, out: 'guest / welcome', stderr: '# Wi-Fi\n' });
  });

  it('--password-env: the password protects it; a wrong one is refused (exit 4) with the attempts left', async () => {
    const created = await world.run(['create', '--password-env', 'PW'], {
      input: 'locked',
      env: { PW: 'correct horse' },
    });
    expect(created.code).toBe(0);
    const link = created.out.trim();
    // No terminal to ask on: a clear refusal, and no view spent.
    const bare = await world.run(['open', link]);
    expect(bare.code).toBe(4);
    expect(bare.stderr).toContain('This secret needs a password');
    const wrong = await world.run(['open', link, '--password-env', 'PW'], { env: { PW: 'wrong' } });
    expect(wrong).toMatchObject({ code: 4, stderr: 'hush: Wrong password (4 attempts left)\n' });
    const right = await world.run(['open', link, '--password-env', 'PW'], { env: { PW: 'correct horse' } });
    expect(right).toMatchObject({ code: 0, out: 'locked' });
  });

  it('hush burn: with the delete token, with the link, and a wrong token is refused', async () => {
    const one = JSON.parse((await world.run(['create', '--json'], { input: 'a' })).out) as Record<string, string>;
    const wrong = await world.run(['burn', one.id!, '--token', 'A'.repeat(43)]);
    expect(wrong.code).toBe(4);
    const burned = await world.run(['burn', one.id!, '--token', one.deleteToken!, '--json']);
    expect(burned.code).toBe(0);
    expect(JSON.parse(burned.out)).toEqual({ id: one.id, burned: true });
    expect((await world.run(['open', one.link!])).code).toBe(3);
    const two = (await world.run(['create'], { input: 'b' })).out.trim();
    expect(await world.run(['burn', two])).toMatchObject({ code: 0, stderr: expect.stringContaining('Burned') });
    expect((await world.run(['burn', two])).code).toBe(3);
  });
});

describe('receipts: hush create prints one, hush status reads it', () => {
  /** `hush create` as a user runs it: the link on standard output, the receipt link on standard error. */
  const create = async (args: string[] = [], env: Record<string, string> = {}) => {
    const created = await world.run(['create', ...args], { input: 'receipt me', env });
    expect(created.code, created.stderr).toBe(0);
    const receipt = RECEIPT.exec(created.stderr);
    expect(receipt).not.toBeNull();
    return { link: created.out.trim(), receipt: receipt![0], id: receipt![1]!, stderr: created.stderr };
  };
  const status = async (receipt: string) => {
    const run = await world.run(['status', receipt]);
    expect(run.code, run.stderr).toBe(0);
    return run.out;
  };
  const statusJson = async (receipt: string) => {
    const run = await world.run(['status', receipt, '--json']);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.out) as Record<string, unknown>;
  };

  it('create keeps the secret link alone on standard output and labels the receipt on standard error', async () => {
    const created = await world.run(['create'], { input: 'x' });
    expect(created.code).toBe(0);
    expect(created.out).toMatch(LINK);
    const id = /\/secret\/([\w-]{22})/.exec(created.out)![1];
    const lines = created.stderr.split('\n');
    expect(lines[0]).toBe(
      "Send the link above. Keep this receipt link to yourself (hush status 'LINK' tells if it was opened):",
    );
    expect(lines[1]).toMatch(new RegExp(`^${RECEIPT.source}$`));
    expect(RECEIPT.exec(lines[1]!)![1]).toBe(id);
    // Same origin as the secret link, and it holds the delete token hush burn is told about.
    expect(new URL(lines[1]!).origin).toBe(new URL(created.out.trim()).origin);
    expect(lines[2]).toContain(`hush burn ${id} --token=${lines[1]!.split('#')[1]}`);
  });

  it('a new secret is open with no views; once opened it ended by its last view, with the view’s time and address', async () => {
    const { link, receipt, id } = await create();
    const before = await status(receipt);
    expect(before).toMatch(new RegExp(`^Secret {11}${id} \\(private\\)\nState {12}open\n`));
    expect(before).toMatch(/^Created {10}\S+Z$/m);
    expect(before).toMatch(/^Expires {10}\S+Z$/m);
    expect(before).toContain('\nViews            0 of 1\nWrong passwords  none\n');
    expect(before).not.toMatch(/^Ended|^Kept until/m);

    expect((await world.run(['open', link])).code).toBe(0);
    const after = await status(receipt);
    expect(after).toContain('State            ended: its last view was used\n');
    expect(after).toMatch(/\nViews {12}1 of 1\n {17}\S+Z from 127\.0\.0\.1\nWrong passwords {2}none\n/);
    expect(after).toMatch(/^Ended {12}\S+Z$/m);
    expect(after).toMatch(/^Kept until {7}\S+Z \(then this status is deleted\)$/m);
    // Reading the status spent nothing and can be done again.
    expect(await status(receipt)).toBe(after);
  });

  it('--json: create names both links; status answers the Receipt, wrong passwords and views with their times', async () => {
    const created = await world.run(['create', '--json', '--views', '2', '--password-env', 'PW'], {
      input: 'two views',
      env: { PW: 'correct horse' },
    });
    const { id, link, receiptLink } = JSON.parse(created.out) as Record<string, string>;
    expect(receiptLink).toMatch(new RegExp(`^${RECEIPT.source}$`));
    expect(await world.run(['open', link!, '--password-env', 'PW'], { env: { PW: 'wrong' } })).toMatchObject({
      code: 4,
    });
    expect((await world.run(['open', link!, '--password-env', 'PW'], { env: { PW: 'correct horse' } })).code).toBe(0);
    const receipt = await statusJson(receiptLink!);
    expect(receipt).toEqual({
      id,
      state: 'open',
      createdAt: expect.stringMatching(ISO),
      expiresAt: expect.stringMatching(ISO),
      maxViews: 2,
      viewsUsed: 1,
      preventBurn: false,
      isPublic: false,
      fileCount: 0,
      views: [{ at: expect.stringMatching(ISO), ip: '127.0.0.1' }],
      failedAttempts: [expect.stringMatching(ISO)],
      endedAt: null,
      endReason: null,
      keptUntil: null,
    });
    const plain = await status(receiptLink!);
    expect(plain).toContain('\nViews            1 of 2\n');
    expect(plain).toContain(`\nWrong passwords  1\n                 ${(receipt.failedAttempts as string[])[0]}\n`);
  });

  it('hush burn takes the receipt link; the status then says the creator burned it', async () => {
    const { link, receipt } = await create(['--views', '3']);
    expect(await world.run(['burn', receipt])).toMatchObject({ code: 0, stderr: expect.stringContaining('Burned') });
    expect((await world.run(['open', link])).code).toBe(3);
    const ended = await statusJson(receipt);
    expect(ended).toMatchObject({ state: 'ended', endReason: 'burned_by_creator', viewsUsed: 0, views: [] });
    expect(ended.keptUntil).toMatch(ISO);
    expect(await status(receipt)).toContain('State            ended: burned by its creator\n');
  });

  it('a link that is no receipt link is a usage error; an unknown receipt or a wrong token is not found (exit 3)', async () => {
    const { link, receipt, id } = await create();
    const usage = async (args: string[], message: RegExp) => {
      const run = await world.run(args);
      expect(run, run.stderr).toMatchObject({ code: 2, out: '' });
      expect(run.stderr).toMatch(message);
    };
    await usage(['status', link], /This is the secret link, the one to send/);
    await usage(['status', receipt.slice(0, -1)], /The receipt link is incomplete or damaged/);
    await usage(['status', receipt.split('#')[0]!], /The receipt link is incomplete or damaged/);
    await usage(['status', 'not a link'], /is not a link/);
    await usage(['status', `${world.url}/account/secrets`], /is not a Hush receipt link/);
    await usage(['status'], /Usage: hush status 'RECEIPT_LINK'/);
    await usage(['status', receipt, '--out', 'x'], /Unknown option '--out' \(see: hush help status\)/);
    await usage(['open', receipt], /This is a receipt link, to keep/);

    const unknown = await world.run(['status', receipt.replace(id, 'A'.repeat(22))]);
    expect(unknown).toMatchObject({
      code: 3,
      out: '',
      stderr:
        'hush: No status for this receipt: the link is wrong, or the secret ended longer ago than this server keeps statuses\n',
    });
    const wrongToken = await world.run(['status', `${receipt.split('#')[0]}#${'B'.repeat(43)}`, '--json']);
    expect(wrongToken.code).toBe(3);
    expect(JSON.parse(wrongToken.stderr)).toEqual({
      error: { code: 'receipt.not_found', message: expect.stringContaining('No status'), exitCode: 3 },
    });
    // None of it spent the view.
    expect(await world.run(['open', link])).toMatchObject({ code: 0, out: 'receipt me' });
  });
});

describe('accounts: tokens, own secrets, config', () => {
  it('hush secrets lists the own secrets (JSON and table); without a token it is a usage error', async () => {
    const token = await world.token('lister');
    const created = JSON.parse(
      (await world.run(['create', '--json', '--ttl', '28d'], { input: 'mine', env: { HUSH_TOKEN: token } })).out,
    ) as { id: string };
    const listed = await world.run(['secrets', '--json'], { env: { HUSH_TOKEN: token } });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.out)).toEqual([
      expect.objectContaining({ id: created.id, isPublic: false, maxViews: 1, viewsLeft: 1 }),
    ]);
    const table = await world.run(['secrets'], { env: { HUSH_TOKEN: token } });
    expect(table.out).toMatch(
      new RegExp(`^ID +VIEWS LEFT +EXPIRES +KIND +TITLE\\n${created.id} +1 of 1 +\\S+ +private`),
    );
    expect((await world.run(['secrets'])).code).toBe(2);
    // Lifetimes over 7 days need the token: refused here before anything is sent.
    const anonymous = await world.run(['create', '--ttl', '28d'], { input: 'x' });
    expect(anonymous).toMatchObject({ code: 2, stderr: expect.stringContaining('need an API token') });
  });

  it('tokens: create signs in with the password and --save writes an owner-only config; list and revoke', async () => {
    await world.t.services.auth.createUser(
      { username: 'tokenmaker', email: 'tokenmaker@example.com', password: 'correct horse battery' },
      'user',
    );
    const env = { PW: 'correct horse battery', HUSH_CONFIG: join(world.dir, 'tokens-config.json') };
    const created = await world.run(
      [
        'tokens',
        'create',
        'laptop',
        '--days',
        '30',
        '--scope',
        'secrets:read',
        '--scope',
        'requests',
        '--scope',
        'account:read',
        '--save',
        '--username',
        'tokenmaker',
        '--password-env',
        'PW',
        '--json',
      ],
      { env },
    );
    expect(created.code).toBe(0);
    const token = JSON.parse(created.out) as { id: string; token: string; name: string; expiresAt: string };
    expect(token).toMatchObject({
      name: 'laptop',
      token: expect.stringMatching(/^hush_/),
      scopes: ['secrets:read', 'requests', 'account:read'],
    });
    const config = JSON.parse(readFileSync(env.HUSH_CONFIG, 'utf8')) as { token: string; server: string };
    expect(config).toEqual({ server: world.url, token: token.token });
    const { statSync } = await import('node:fs');
    expect(statSync(env.HUSH_CONFIG).mode & 0o777).toBe(0o600);
    // The saved token is used from the config file.
    const listed = await world.run(['tokens', '--json'], { env });
    expect(JSON.parse(listed.out)).toEqual([
      expect.objectContaining({ id: token.id, name: 'laptop', scopes: ['secrets:read', 'requests', 'account:read'] }),
    ]);
    const table = await world.run(['tokens'], { env });
    expect(table.out).toMatch(/^ID +NAME +SCOPES +CREATED/);
    expect(table.out).toContain('secrets:read,requests,account:read');
    // The token may read secrets but not create them: the server says which scope is missing.
    const create = await world.run(['create'], { env, input: 'x' });
    expect(create.code).toBe(4);
    expect(create.stderr).toContain('does not have the secrets:create scope');
    expect(create.stderr).toContain('--scope secrets:create');
    const unknownScope = await world.run(['tokens', 'create', 'x', '--scope', 'everything'], { env });
    expect(unknownScope).toMatchObject({ code: 2, stderr: expect.stringContaining('--scope "everything"') });
    const revoked = await world.run(
      ['tokens', 'revoke', token.id, '--username', 'tokenmaker', '--password-env', 'PW'],
      { env },
    );
    expect(revoked.code).toBe(0);
    const refused = await world.run(['tokens'], { env });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('The API token was refused');
    const badPassword = await world.run(['tokens', 'create', 'x', '--username', 'tokenmaker', '--password-env', 'PW'], {
      env: { ...env, PW: 'nope' },
    });
    expect(badPassword.code).toBe(4);
  });

  it('a config file that others can read is refused (exit 2) and named', async () => {
    const file = join(world.dir, 'open-config.json');
    writeFileSync(file, JSON.stringify({ token: 'hush_x' }));
    chmodSync(file, 0o644);
    const run = await world.run(['secrets'], { env: { HUSH_CONFIG: file } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`run chmod 600 '${file}'`);
  });

  it('hush config saves the server and a token from the environment, and shows the token cut short', async () => {
    const env = { HUSH_CONFIG: join(world.dir, 'sub', 'config.json'), T: 'hush_abcdefghijklmnop' };
    const saved = await world.run(['config', '--server', 'https://hush.example.com/', '--token-env', 'T', '--json'], {
      env,
    });
    expect(JSON.parse(saved.out)).toEqual({
      file: env.HUSH_CONFIG,
      server: 'https://hush.example.com',
      token: 'hush_a…',
    });
    const { statSync } = await import('node:fs');
    expect(statSync(env.HUSH_CONFIG).mode & 0o777).toBe(0o600);
    expect(statSync(join(world.dir, 'sub')).mode & 0o777).toBe(0o700);
  });
});

describe('bad input: a clear message, the right exit code, nothing sent or spent', () => {
  const usage = async (args: string[], message: string | RegExp, input = 'x') => {
    const run = await world.run(args, { input });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.out).toBe('');
  };

  it('usage errors exit 2 and send nothing', async () => {
    const before = (await secretRows(world.t)).length;
    await usage(
      ['create', '--ttl', 'abc'],
      /--ttl "abc" is not a lifetime Hush offers\. Choose one of: 5m, 30m, 1h, 4h, 12h, 1d, 3d, 7d; with an API token also 14d, 28d/,
    );
    await usage(['create', '--views', '0'], /--views "0": give a whole number from 1 to 999/);
    await usage(['create', '--ip', 'nope'], /is not an IPv4 or IPv6 address or CIDR range/);
    await usage(['create', '--password', 'x'], /shell history: use --password-prompt, or --password-env VAR/);
    await usage(['create', '--wat'], /Unknown option '--wat' \(see: hush help create\)/);
    await usage(['create', '--file', join(world.dir, 'missing.txt')], /No such file: .*missing\.txt/);
    await usage(['create', '--file', world.dir], /is a folder: pass files/);
    await usage(['create'], /Nothing to share/, '');
    await usage(['create', '--public', '--password-env', 'X'], /cannot have files or a password/);
    await usage(['create', '--password-env', 'UNSET'], /UNSET is not set/);
    await usage(['frobnicate'], /No command "frobnicate"/);
    expect((await secretRows(world.t)).length).toBe(before);
  });

  it('an unreadable file is refused before anything is sent', async () => {
    if (process.getuid?.() === 0) return; // root reads every file
    const file = join(world.dir, 'locked.txt');
    writeFileSync(file, 'x');
    chmodSync(file, 0o000);
    await usage(['create', '--file', file], /permission denied/);
  });

  it('a damaged key, a link without a key, a missing --out folder: exit 2 and the view is not spent', async () => {
    const link = (await world.run(['create'], { input: 'still here' })).out.trim();
    await usage(['open', link.slice(0, -1)], /The key in the link is damaged/);
    await usage(['open', `${link.slice(0, -5)}#`], /The key in the link is damaged|no key/);
    await usage(['open', link.split('#')[0]!], /The link has no key: pass the whole link in quotes/);
    await usage(['open', link, '--out', join(world.dir, 'nowhere')], /--out .*nowhere: no such folder/);
    await usage(['open', 'not a link'], /is not a link/);
    expect(await world.run(['open', link])).toMatchObject({ code: 0, out: 'still here' });
  });

  it('a wrong key (well formed) is refused by the server, exit 4, and spends no view', async () => {
    const link = (await world.run(['create'], { input: 'keep' })).out.trim();
    const other = `${link.split('#')[0]}#encryption_key=${'A'.repeat(43)}`;
    expect(await world.run(['open', other])).toMatchObject({
      code: 4,
      stderr: expect.stringContaining('does not match'),
    });
    expect(await world.run(['open', link])).toMatchObject({ code: 0, out: 'keep' });
  });

  it('files over the limit are refused before any part is sent, with the limit in words; nothing is left', async () => {
    const big = join(world.dir, 'big.bin');
    writeFileSync(big, Buffer.alloc(8 * 1024 * 1024 + 1));
    const before = (await secretRows(world.t)).length;
    const run = await world.run(['create', '--file', big]);
    expect(run.code).toBe(4);
    expect(run.stderr).toBe('hush: A file may be at most 8 MiB (file 1 is larger)\n');
    expect((await secretRows(world.t)).length).toBe(before);
  });

  it('2 MB of text is refused with its size and the way out (--file)', async () => {
    const run = await world.run(['create'], { input: 'x'.repeat(2 * 1024 * 1024) });
    expect(run.code).toBe(4);
    expect(run.stderr).toBe(
      'hush: The text (2.0 MiB) is larger than this server takes as text: send it as a file instead, e.g. hush create --file PATH (files may need an account here: an API token, from --token, HUSH_TOKEN or hush config)\n',
    );
  });

  it('a server that is down exits 5; one that answers HTML exits 5 and says it is not the Hush API', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = await world.run(['create', '--server', `http://127.0.0.1:${port}`], { input: 'x' });
    expect(down.code).toBe(5);
    expect(down.stderr).toBe(
      `hush: Cannot reach http://127.0.0.1:${port}: the connection was refused (is the server running, and is the address right?)\n`,
    );
    const html = createServer((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>Bad Gateway</body></html>');
    });
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;
      const proxy = await world.run(['create', '--server', url], { input: 'x' });
      expect(proxy.code).toBe(5);
      expect(proxy.stderr).toBe(
        `hush: ${url} answered HTTP 502 (text/html), not as the Hush API: check the server address and any proxy in front of it\n`,
      );
      const open = await world.run(['open', `${url}/secret/${'A'.repeat(22)}#encryption_key=${'B'.repeat(43)}`]);
      expect(open.code).toBe(5);
    } finally {
      html.close();
    }
  });

  it('--json failures are one JSON object on standard error with the code and the exit code', async () => {
    const run = await world.run([
      'open',
      `${world.url}/secret/${'A'.repeat(22)}#encryption_key=${'B'.repeat(43)}`,
      '--json',
    ]);
    expect(run.code).toBe(3);
    expect(run.out).toBe('');
    expect(JSON.parse(run.stderr)).toEqual({
      error: { code: 'secret.not_found', message: expect.stringContaining('does not exist'), exitCode: 3 },
    });
  });

  it('--version, --help and help COMMAND', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(await world.run(['--version'])).toMatchObject({ code: 0, out: `hush ${version}\n` });
    expect(JSON.parse((await world.run(['--version', '--json'])).out)).toEqual({ version });
    const help = await world.run(['help', 'create']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('--password-prompt');
    expect(help.out).toContain('14d, 28d');
    expect((await world.run(['open', '--help'])).out).toContain('Usage: hush open LINK');
    const bare = await world.run([]);
    expect(bare.code).toBe(2);
    expect(bare.out).toContain('Exit codes: 0 done');
  });
});

const NODE_20 = node20();
if (!NODE_20) console.warn('skipped: the one-file CLI on Node 20 (no Node 20 at /usr/bin/node or /usr/local/bin/node)');

describe.skipIf(!NODE_20)('the one-file CLI on Node 20, the oldest it supports', () => {
  it('creates with text and a file, and opens both back, byte for byte', async () => {
    const inputs = folder();
    const bytes = randomBytes(300_000);
    writeFileSync(join(inputs, 'key.bin'), bytes);
    const created = await world.run(['create', '--file', join(inputs, 'key.bin')], {
      input: 'on node 20',
      node: NODE_20!,
    });
    expect(created.code, created.stderr).toBe(0);
    const out = folder();
    const opened = await world.run(['open', created.out.trim(), '--out', out], { node: NODE_20! });
    expect(opened).toMatchObject({ code: 0, out: 'on node 20' });
    expect(readFileSync(join(out, 'key.bin')).equals(bytes)).toBe(true);
  });
});

const NOBODY_NODE = nodeForUser('nobody');
if (!NOBODY_NODE)
  console.warn('skipped: opening in a folder that cannot be written (needs root and a node the user nobody may run)');

describe.skipIf(!NOBODY_NODE)('opening in a folder that cannot be written (a read-only container)', () => {
  it('a text opens; a secret with files shows its text, then says where files can go (exit 1)', async () => {
    const { copyFileSync, chmodSync: chmod, mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    // A folder only root may write (outside the suite's own, which only root may enter), and a CLI nobody can read.
    const place = mkdtempSync(join(tmpdir(), 'hush-read-only-'));
    onTestFinished(() => rmSync(place, { recursive: true, force: true }));
    chmod(place, 0o755);
    const cli = join(place, 'hush-cli.mjs');
    copyFileSync(world.cli, cli);
    chmod(cli, 0o644);
    const asNobody = (args: string[]) =>
      runCli(cli, args, {
        user: 'nobody',
        node: NOBODY_NODE!,
        cwd: place,
        env: { HUSH_CONFIG: join(place, 'none.json') },
      });
    const text = (await world.run(['create'], { input: 'just text' })).out.trim();
    expect(await asNobody(['open', text])).toMatchObject({ code: 0, out: 'just text' });
    writeFileSync(join(world.dir, 'attached.txt'), 'attached');
    const withFile = (
      await world.run(['create', '--file', join(world.dir, 'attached.txt'), '--views', '2'], { input: 'and a file' })
    ).out.trim();
    const refused = await asNobody(['open', withFile]);
    expect(refused).toMatchObject({ code: 1, out: 'and a file' });
    expect(refused.stderr).toContain('the current folder cannot be written to. Open the link again with --out DIR');
    // Named with --out, the folder is checked before the read: no view is spent.
    const named = await asNobody(['open', withFile, '--out', place]);
    expect(named.code).toBe(2);
    const out = folder();
    expect((await world.run(['open', withFile, '--out', out])).code).toBe(0);
    expect(readFileSync(join(out, 'attached.txt'), 'utf8')).toBe('attached');
  });
});
