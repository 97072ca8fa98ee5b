import { burn } from '../../sdk/secrets.js';
import { isSecretId } from '../../shared/rules/link.js';
import { parseReceiptLink } from '../../shared/rules/receipts.js';
import { viaSdk } from '../api.js';
import { note, printJson, settingsOf, type Context } from '../context.js';
import { usageError } from '../errors.js';
import { readReceiptLink } from '../links.js';
import { parseCommand, COMMON_OPTIONS } from '../options.js';
import { readLink } from './open.js';

const OPTIONS = {
  ...COMMON_OPTIONS,
  // Here --token is the secret's delete token, as `hush create` printed it; the API token comes from
  // --api-token, HUSH_TOKEN or the config file.
  'delete-token': { type: 'string' },
  'api-token': { type: 'string' },
} as const;

/**
 * Deletes a secret now. Who may: the holder of its delete token (or of its receipt link, which carries it), the
 * holder of its link (the key proves it), or its owner (an API token). Nothing is read and no view is spent.
 */
export async function burnCommand(args: string[], context: Context): Promise<void> {
  const { values, positionals } = parseCommand('burn', args, OPTIONS);
  if (positionals.length !== 1)
    throw usageError('Usage: hush burn LINK|RECEIPT_LINK|ID [--token DELETE_TOKEN] (see: hush help burn)');
  const target = positionals[0]!;
  const receipt = parseReceiptLink(target) ? readReceiptLink(target) : null;
  const deleteToken = values['delete-token'] ?? values.token ?? receipt?.deleteToken;
  if (deleteToken !== undefined && !/^[A-Za-z0-9_-]{43}$/.test(deleteToken)) {
    throw usageError('The delete token is damaged: it is 43 letters, digits, - or _, as hush create printed it');
  }
  const settings = settingsOf(context, { server: values.server, token: values['api-token'] });
  const link = receipt
    ? { id: receipt.id, key: null, server: receipt.server }
    : isSecretId(target)
      ? { id: target, key: null, server: settings.server }
      : readLink(target, undefined);
  if (!deleteToken && !link.key && !settings.token) {
    throw usageError('Burning needs the delete token (--token), the whole link with its key, or the owner’s API token');
  }
  const sameServer = new URL(link.server).origin === new URL(settings.server).origin;
  const burned = await viaSdk(
    burn(target, {
      server: settings.server,
      deleteToken: deleteToken ?? null,
      token: sameServer ? settings.token : null,
    }),
  );
  if (values.json) return printJson(context, burned);
  note(context, `Burned: ${burned.id} can no longer be opened.`);
}
