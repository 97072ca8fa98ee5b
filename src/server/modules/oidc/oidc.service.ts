import * as client from 'openid-client';
import { API_BASE } from '../../../shared/rules/api-path.js';
import { clientGroup } from '../../../shared/rules/ip.js';
import { safeNext } from '../../../shared/rules/next-path.js';
import { HttpError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { tooManyAttempts } from '../auth/auth.errors.js';
import type { ThrottleStore } from '../auth/attempts.js';
import type { OidcClaims } from './oidc.claims.js';
import type { OidcClient, OidcClients } from './oidc.clients.js';
import {
  answerRefused,
  cancelled,
  flowExpired,
  OidcRefusal,
  providerUnavailable,
  unknownProvider,
  type CallbackOutcome,
} from './oidc.errors.js';
import type { OidcRepository } from './oidc.repository.js';
import type { OidcAccounts } from './oidc.accounts.js';

/** A sign-in through the provider must come back within this time, and only once. */
const FLOW_MS = 10 * 60 * 1000;

export interface OidcServiceDeps {
  clients: OidcClients;
  repository: OidcRepository;
  accounts: OidcAccounts;
  clock: Clock;
  /** HUSH_PUBLIC_URL: the callback address registered at each provider is made from it. */
  publicUrl: string;
  /** Callbacks counted per client address (attempts.ts): failures slow that client down. */
  throttle: ThrottleStore;
}

/** Which refusal an openid-client failure is: the provider unreachable, the user's cancel, or an answer refused. */
function refusalOf(error: unknown): OidcRefusal {
  if (error instanceof OidcRefusal) return error;
  // The account rules' own refusals (disabled users, the organisation's email domain).
  if (error instanceof HttpError) return new OidcRefusal(error, error.code);
  if (error instanceof client.AuthorizationResponseError) {
    const reason = `provider:${error.error}`.slice(0, 80);
    return new OidcRefusal(error.error === 'access_denied' ? cancelled() : answerRefused(), reason);
  }
  if (error instanceof client.ResponseBodyError) return new OidcRefusal(answerRefused(), `token:${error.error}`);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('OAUTH_')) {
    // Checks of the answer and the ID token: state, issuer, audience, nonce, signature, expiry. Their messages name
    // the check, never the values (which openid-client keeps in `cause`).
    // openid-client wraps oauth4webapi's error, whose message is the precise one.
    const cause = (error as Error).cause;
    const inner = cause instanceof Error && 'code' in cause ? cause : (error as Error);
    const detail = inner.message.slice(0, 120);
    return new OidcRefusal(answerRefused(), code.slice('OAUTH_'.length).toLowerCase(), detail);
  }
  // fetch failed, a timeout, or no answer a provider would give.
  return new OidcRefusal(providerUnavailable(), 'unreachable');
}

export function createOidcService(deps: OidcServiceDeps) {
  const { clients, repository, clock } = deps;
  const callbackUrl = (id: string) =>
    `${deps.publicUrl.replace(/\/$/, '')}${API_BASE}/authentication/oidc/${id}/callback`;

  const connect = async (id: string): Promise<OidcClient> => {
    const provider = clients.provider(id);
    if (!provider) throw new OidcRefusal(unknownProvider(), 'unknown_provider');
    return clients.get(provider).catch(() => {
      throw new OidcRefusal(providerUnavailable(), 'discovery_failed');
    });
  };

  return {
    callbackUrl,

    /** Where to send the browser, and the token of its flow cookie (only its SHA-256 is kept). */
    async start(id: string, next: string | undefined, userId: string | null = null) {
      const { provider, config } = await connect(id);
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const token = randomToken(32);
      await repository.insertFlow({
        id: sha256(token),
        provider: id,
        state,
        nonce,
        code_verifier: verifier,
        next: safeNext(next),
        user_id: userId,
        expires_at: clock() + FLOW_MS,
      });
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl(id),
        scope: provider.scopes.join(' '),
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, token };
    },

    /**
     * The provider's answer: the flow is taken (single use) before anything else, then openid-client checks the
     * state, exchanges the code with the PKCE verifier and validates the ID token (signature, issuer, audience,
     * nonce, expiry). `query` is the callback's query string as it came.
     */
    async callback(
      id: string,
      flowToken: string | undefined,
      query: string,
      ip: string | null,
    ): Promise<CallbackOutcome> {
      const key = `callback|${clientGroup(ip) ?? 'unknown'}`;
      const wait = await deps.throttle.take(key, clock());
      if (wait > 0) throw new OidcRefusal(tooManyAttempts(Math.ceil(wait / 1000)), 'throttled');
      try {
        const taken = flowToken ? await repository.takeFlow(sha256(flowToken), clock()) : undefined;
        if (!taken) throw new OidcRefusal(flowExpired(), flowToken ? 'flow_unknown_or_used' : 'no_flow_cookie');
        // `next` is made safe at the start; again here for flows stored before the rule encoded non-ASCII paths.
        const flow = { ...taken, next: safeNext(taken.next) };
        if (flow.provider !== id) throw new OidcRefusal(answerRefused(), 'provider_mismatch');
        const { provider, config } = await connect(id);
        const current = new URL(callbackUrl(id));
        current.search = query;
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: flow.code_verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        let claims = tokens.claims() as OidcClaims;
        if (claims.email === undefined && config.serverMetadata().userinfo_endpoint) {
          const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
          claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
        }
        const outcome = await deps.accounts.resolve(provider, claims, tokens.id_token ?? null, flow);
        await deps.throttle.clear(key);
        return outcome;
      } catch (error) {
        throw refusalOf(error);
      }
    },

    /** The provider's sign-out address for a session it started, or null (no end_session_endpoint, or down). */
    async endSessionUrl(sessionId: string): Promise<string | null> {
      const marked = await repository.sessionProvider(sessionId);
      const provider = marked && clients.provider(marked.provider);
      if (!marked || !provider) return null;
      try {
        const { config } = await clients.get(provider);
        if (!config.serverMetadata().end_session_endpoint) return null;
        return client.buildEndSessionUrl(config, {
          post_logout_redirect_uri: `${deps.publicUrl.replace(/\/$/, '')}/signin`,
          ...(marked.idToken && { id_token_hint: marked.idToken }),
        }).href;
      } catch {
        return null;
      }
    },

    purge: () => repository.purge(clock()),
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
