// oidc-provider has no types of its own: the little the tests use is declared there (an ambient module, which an
// import cannot bring in; the end-to-end project compiles this file without the server's folder).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider-types.d.ts" />
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** An account at the test provider: its subject and the claims it releases. */
export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  groups?: string[];
  /** Any other claim, released when a scope of `extraClaims` names it (the shapes real providers send). */
  [claim: string]: unknown;
}

export interface ProviderClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
}

export interface TestProvider {
  /** http://127.0.0.1:<port> */
  issuer: string;
  accounts: Map<string, ProviderAccount>;
  /** The account the next interaction signs in without a page; null shows the minimal sign-in form. */
  loginAs(sub: string | null): void;
  stop(): Promise<void>;
}

const SCOPES = ['openid', 'email', 'profile', 'groups', 'offline_access'];

/** A tiny HTML sign-in page (the end-to-end tests type the account into it, as a person would). */
const page = (uid: string) => `<!doctype html><html lang="en"><head><title>Test provider</title></head><body>
<main><h1>Test provider</h1><form method="post" action="/interaction/${uid}">
<label>Account <input name="sub" autocomplete="username"></label> <button type="submit">Continue</button>
</form></main></body></html>`;

const formBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1, for tests: authorization code with PKCE required, the claims
 * email, email_verified, preferred_username and groups in the ID token, RP-initiated logout. Its interaction signs in
 * the account `loginAs` names without a page, or shows a one-field form. Nothing is faked: tokens are signed with
 * a fresh RSA key and checked by Hush like any provider's.
 */
export async function startTestProvider(options: {
  clients: ProviderClient[];
  accounts?: ProviderAccount[];
  port?: number;
  /** Seconds an ID token is valid (default: an hour). */
  idTokenTtl?: number;
  /** More scopes and the claims each releases, or more claims for a standard scope (added to its own). */
  extraClaims?: Record<string, string[]>;
}): Promise<TestProvider> {
  const accounts = new Map((options.accounts ?? []).map((account) => [account.sub, account]));
  let auto: string | null = null;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const claims: Record<string, string[]> = {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['preferred_username'],
    groups: ['groups'],
  };
  for (const [scope, names] of Object.entries(options.extraClaims ?? {}))
    claims[scope] = [...(claims[scope] ?? []), ...names];
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({ ...client, grant_types: ['authorization_code'] })),
    jwks: { keys: [{ ...key, use: 'sig', kid: 'test' }] },
    cookies: { keys: ['test-provider-cookie-key'] },
    scopes: [...new Set([...SCOPES, ...Object.keys(claims)])],
    claims,
    // The claims of the scopes go in the ID token, as most providers put them (Hush reads them from there).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    ttl: {
      IdToken: options.idTokenTtl ?? 3600,
      AccessToken: 3600,
      Interaction: 600,
      Grant: 3600,
      Session: 3600,
    },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ ...account }) };
    },
  });
  // oidc-provider logs server errors itself; the tests read the answers instead.
  provider.on('server_error', () => {});

  const finish = async (request: IncomingMessage, response: ServerResponse, sub: string) => {
    const details = await provider.interactionDetails(request, response);
    const clientId = String(details.params.client_id);
    const grant = new provider.Grant({ accountId: sub, clientId });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  const handle = provider.callback();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)$/.exec((request.url ?? '').split('?')[0]!);
    if (!match) return handle(request, response);
    void (async () => {
      try {
        if (request.method === 'POST') return await finish(request, response, (await formBody(request)).get('sub')!);
        if (auto) return await finish(request, response, auto);
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(match[1]!));
      } catch (error) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      }
    })();
  });

  return {
    issuer,
    accounts,
    loginAs: (sub) => {
      auto = sub;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
