import { accountRoutes } from '../shared/api/account.contract.js';
import { authRoutes } from '../shared/api/auth.contract.js';
import { apiUrl, callRoute, send, type Connection } from './api.js';
import type { Context } from './context.js';
import { usageError } from './errors.js';
import { fromEnv, promptHidden, promptLine } from './terminal.js';

export const SIGN_IN_OPTIONS = {
  username: { type: 'string' },
  'password-env': { type: 'string' },
} as const;

/**
 * Creating and revoking API tokens needs a signed-in session, not a token (a leaked token must not mint more):
 * signs in with a user name and password (asked on the terminal, or --username and --password-env), runs `work`
 * with the session's cookies, and signs out again whatever happens.
 */
export async function withSession<T>(
  connection: Connection,
  context: Context,
  flags: { username?: string | undefined; 'password-env'?: string | undefined },
  work: (session: Connection & { cookie: string }) => Promise<T>,
): Promise<T> {
  const alternative = 'pass --username NAME and --password-env VAR';
  const username = flags.username ?? (await promptLine('User name or email: ', alternative));
  if (!username) throw usageError('A user name is needed to sign in');
  const password = flags['password-env']
    ? fromEnv(context.env, flags['password-env'], '--password-env')
    : await promptHidden('Password: ', alternative);
  const anonymous = { server: connection.server };
  const response = await send(anonymous, apiUrl(connection.server, authRoutes.signin.path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  await response.body?.cancel();
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  const session = { server: connection.server, cookie };
  try {
    return await work(session);
  } finally {
    await callRoute({ server: connection.server }, authRoutes.signout, { headers: { cookie } }).catch(() => undefined);
  }
}

export const listTokens = (connection: Connection) => callRoute(connection, accountRoutes.tokens);
