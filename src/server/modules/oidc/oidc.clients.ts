import * as client from 'openid-client';
import type { OidcProviderConfig } from '../../config-oidc.js';
import type { Clock } from '../../lib/clock.js';

/** How long a provider's discovered metadata is used before it is read again (keys rotate, providers move). */
const DISCOVERY_TTL_MS = 60_000;
/** Seconds a call to the provider may take (discovery, token, userinfo) before it counts as unreachable. */
const REQUEST_TIMEOUT_SECONDS = 10;

export interface OidcClient {
  provider: OidcProviderConfig;
  config: client.Configuration;
}

/**
 * The providers' openid-client configurations, discovered when first needed and cached: a provider down while Hush
 * starts does not stop Hush, and one that comes back is found again. A failed discovery is not cached.
 *
 * The ID token's times are checked against the injected clock (openid-client's clockSkew), so the server's clock is
 * the one that says whether a token has expired.
 */
export function createOidcClients(
  providers: OidcProviderConfig[],
  options: { allowHttp: boolean; clock: Clock; ttlMs?: number },
) {
  const cache = new Map<string, { at: number; config: Promise<client.Configuration> }>();
  const ttl = options.ttlMs ?? DISCOVERY_TTL_MS;

  const discover = (provider: OidcProviderConfig) =>
    client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      {
        ...(provider.clientSecret && { client_secret: provider.clientSecret }),
        [client.clockSkew]: Math.round((options.clock() - Date.now()) / 1000),
      },
      provider.clientSecret ? undefined : client.None(),
      {
        timeout: REQUEST_TIMEOUT_SECONDS,
        ...(options.allowHttp && { execute: [client.allowInsecureRequests] }),
      },
    );

  return {
    provider: (id: string) => providers.find((provider) => provider.id === id),

    /** The provider's configuration; rejects when it cannot be discovered (down, or not an OpenID provider). */
    async get(provider: OidcProviderConfig): Promise<OidcClient> {
      const now = options.clock();
      let entry = cache.get(provider.id);
      if (!entry || now - entry.at >= ttl) {
        entry = { at: now, config: discover(provider) };
        cache.set(provider.id, entry);
        const pending = entry;
        pending.config.catch(() => {
          if (cache.get(provider.id) === pending) cache.delete(provider.id);
        });
      }
      return { provider, config: await entry.config };
    },
  };
}

export type OidcClients = ReturnType<typeof createOidcClients>;
