import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { requestCreateCommand } from './request-create.js';
import { requestOpenCommand } from './request-open.js';
import { requestRespondCommand } from './request-respond.js';

const SUBCOMMANDS: Record<string, (args: string[], context: Context) => Promise<void>> = {
  create: requestCreateCommand,
  respond: requestRespondCommand,
  open: requestOpenCommand,
};

/**
 * `hush request create | respond | open` (issue 14, REQUESTS.md): ask for a secret with a fill link, answer one,
 * and open the responses with the inbox link.
 */
export async function requestCommand(args: string[], context: Context): Promise<void> {
  const [subcommand, ...rest] = args;
  const handler = subcommand === undefined ? undefined : SUBCOMMANDS[subcommand];
  if (!handler) {
    const what =
      subcommand === undefined ? 'hush request needs a subcommand' : `No subcommand ${JSON.stringify(subcommand)}`;
    throw usageError(`${what}: create, respond or open (see: hush help request)`);
  }
  await handler(rest, context);
}
