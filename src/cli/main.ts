#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { TTL_CHOICES } from '../shared/rules/secrets.js';
import { CliError, createSecret, openSecret } from './client.js';

const USAGE = `Usage:
  hush create [--server URL] [--ttl SECONDS] [--views N] [--title T] [--password P] < file
  hush open LINK [--password P] [--key KEY]
  hush backup FILE     back up HUSH_DATA_DIR (safe while the server runs)
  hush restore FILE    restore a backup into an empty or new HUSH_DATA_DIR

The text is read from standard input and encrypted here; the server never sees it or the key.
--server defaults to $HUSH_SERVER or http://127.0.0.1:3000. Lifetimes: ${TTL_CHOICES.join(', ')} seconds.`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      server: { type: 'string', default: process.env.HUSH_SERVER ?? 'http://127.0.0.1:3000' },
      ttl: { type: 'string', default: '86400' },
      views: { type: 'string', default: '1' },
      title: { type: 'string' },
      password: { type: 'string' },
      key: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, link] = positionals;
  if (values.help || !command) return console.log(USAGE);
  if (command === 'create') {
    const text = await readStdin();
    if (!text) throw new CliError('Nothing on standard input to share');
    const created = await createSecret({
      server: values.server.replace(/\/+$/, ''),
      text,
      ttl: Number(values.ttl),
      maxViews: Number(values.views),
      ...(values.title && { title: values.title }),
      ...(values.password && { password: values.password }),
    });
    console.log(created.link);
    console.error(`Expires ${created.expiresAt}. Delete token: ${created.deleteToken}`);
    return;
  }
  if ((command === 'backup' || command === 'restore') && link) {
    // Loaded only here: the SQLite driver is not needed to create or open secrets.
    const { runOpsCommand } = await import('../server/ops/ops.command.js');
    const done = await runOpsCommand(command, link, process.env).catch((error: Error) => {
      throw new CliError(error.message);
    });
    return console.log(done);
  }
  if (command === 'open' && link) {
    const secret = await openSecret(link, {
      ...(values.password && { password: values.password }),
      ...(values.key && { key: values.key }),
    });
    if (secret.title) console.error(`# ${secret.title}`);
    process.stdout.write(secret.text);
    return;
  }
  throw new CliError(USAGE);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof CliError || error instanceof TypeError ? error.message : error);
  process.exit(1);
});
