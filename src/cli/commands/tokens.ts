import { accountRoutes } from '../../shared/api/account.contract.js';
import { isTokenScope, TOKEN_EXPIRY_MAX_DAYS, TOKEN_SCOPES } from '../../shared/rules/tokens.js';
import { callRoute } from '../api.js';
import { readConfig, writeConfig } from '../config.js';
import { note, print, printJson, settingsOf, type Context } from '../context.js';
import { usageError } from '../errors.js';
import { COMMON_OPTIONS, parseCommand } from '../options.js';
import { SIGN_IN_OPTIONS, withSession } from '../session.js';
import { table } from '../table.js';

const OPTIONS = {
  ...COMMON_OPTIONS,
  ...SIGN_IN_OPTIONS,
  days: { type: 'string' },
  scope: { type: 'string', multiple: true },
  save: { type: 'boolean' },
} as const;

/**
 * `hush tokens [list]` lists your API tokens (with a token); `hush tokens create NAME [--days N] [--scope S]...
 * [--save]` and `hush tokens revoke ID` sign in with your password, since a token may not mint or revoke tokens.
 */
export async function tokensCommand(args: string[], context: Context): Promise<void> {
  const { values, positionals } = parseCommand('tokens', args, OPTIONS);
  const [action = 'list', argument, ...rest] = positionals;
  if (rest.length > 0) throw usageError(`Too many arguments (see: hush help tokens)`);
  const settings = settingsOf(context, values);

  if (action === 'list') {
    if (!settings.token) throw usageError('Listing tokens needs an API token: --token, HUSH_TOKEN or hush config');
    const tokens = await callRoute(settings, accountRoutes.tokens);
    if (values.json) return printJson(context, tokens);
    if (tokens.length === 0) return print(context, 'No API tokens.\n');
    print(
      context,
      table(
        ['ID', 'NAME', 'SCOPES', 'CREATED', 'LAST USED', 'EXPIRES'],
        tokens.map((token) => [
          token.id,
          token.name,
          // Made before scopes: it may do all its user may.
          token.scopes?.join(',') ?? 'all',
          token.createdAt,
          token.lastUsedAt ?? 'never',
          token.expiresAt ?? 'never',
        ]),
      ),
    );
    return;
  }

  if (action === 'create') {
    if (!argument) throw usageError('Usage: hush tokens create NAME [--days N] [--scope SCOPE]... [--save]');
    const days = values.days === undefined ? null : Number(values.days);
    if (days !== null && !(Number.isInteger(days) && days >= 1 && days <= TOKEN_EXPIRY_MAX_DAYS)) {
      throw usageError(
        `--days ${JSON.stringify(values.days)}: give a whole number of days from 1 to ${TOKEN_EXPIRY_MAX_DAYS}`,
      );
    }
    const scopes = [...new Set(values.scope ?? [])];
    const unknown = scopes.find((scope) => !isTokenScope(scope));
    if (unknown !== undefined) {
      throw usageError(`--scope ${JSON.stringify(unknown)}: one of ${TOKEN_SCOPES.join(', ')}`);
    }
    const created = await withSession(settings, context, values, (session) =>
      callRoute(session, accountRoutes.createToken, {
        // No --scope: the server's default (read and create secrets).
        body: {
          name: argument,
          expiresInDays: days,
          ...(scopes.length > 0 && { scopes: scopes.filter(isTokenScope) }),
        },
        headers: { cookie: session.cookie },
      }),
    );
    if (values.save) {
      writeConfig(settings.configFile, {
        ...readConfig(settings.configFile),
        server: settings.server,
        token: created.token,
      });
    }
    if (values.json) return printJson(context, created);
    print(context, `${created.token}\n`);
    note(
      context,
      values.save
        ? `Saved in ${settings.configFile} (readable by you only); hush uses it from now on.`
        : 'This is the only time the token is shown: keep it (hush tokens create … --save stores it for hush).',
    );
    return;
  }

  if (action === 'revoke') {
    if (!argument) throw usageError('Usage: hush tokens revoke ID (the ID column of hush tokens)');
    const revoked = await withSession(settings, context, values, (session) =>
      callRoute(session, accountRoutes.revokeToken, { params: { id: argument }, headers: { cookie: session.cookie } }),
    );
    if (values.json) return printJson(context, { id: argument, ...revoked });
    note(context, `Revoked ${argument}.`);
    return;
  }
  throw usageError(`Unknown tokens action ${JSON.stringify(action)}: list, create or revoke (see: hush help tokens)`);
}
