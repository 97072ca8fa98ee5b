import { accountRoutes } from '../../shared/api/account.contract.js';
import { callRoute } from '../api.js';
import { print, printJson, settingsOf, type Context } from '../context.js';
import { usageError } from '../errors.js';
import { COMMON_OPTIONS, parseCommand } from '../options.js';
import { table } from '../table.js';

/** Your own secrets that can still be opened, newest first (needs an API token). */
export async function secretsCommand(args: string[], context: Context): Promise<void> {
  const { values, positionals } = parseCommand('secrets', args, COMMON_OPTIONS);
  if (positionals.length > 0) throw usageError('hush secrets takes no arguments (see: hush help secrets)');
  const settings = settingsOf(context, values);
  if (!settings.token) throw usageError('Listing your secrets needs an API token: --token, HUSH_TOKEN or hush config');
  const secrets = await callRoute(settings, accountRoutes.secrets);
  if (values.json) return printJson(context, secrets);
  if (secrets.length === 0) return print(context, 'No secrets that can still be opened.\n');
  print(
    context,
    table(
      ['ID', 'VIEWS LEFT', 'EXPIRES', 'KIND', 'TITLE'],
      secrets.map((secret) => [
        secret.id,
        secret.preventBurn ? 'until expiry' : `${secret.viewsLeft} of ${secret.maxViews}`,
        secret.expiresAt,
        secret.isPublic ? 'public' : 'private',
        // A private secret's title is encrypted with its key, which only links carry.
        secret.isPublic ? (secret.title ?? '') : secret.title ? '(encrypted)' : '',
      ]),
    ),
  );
}
