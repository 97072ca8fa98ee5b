import {
  crossSite,
  json,
  rateLimited,
  TOO_LARGE,
  unknownToken,
  withoutScope,
  type RouteName,
  type Scenario,
} from '../../test-utils/contract-api.js';

/** The contract test's scenarios for the secret and settings routes: one per status each declares, or more. */

export const KEY_PROOF = 'P'.repeat(43);
export const PASSWORD = 'opensesame';
export const UNKNOWN_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

type SecretRoute = Extract<RouteName, 'create' | 'exist' | 'publicList' | 'publicListByUser' | 'publicSettings'>;

export const SECRET_SCENARIOS: Record<SecretRoute, Scenario[]> = {
  create: [
    {
      status: 201,
      why: 'a valid body',
      run: (api) => api.inject({ method: 'POST', url: '/secret', payload: { text: 'hush1.c2VjcmV0', ttl: 3600 } }),
    },
    {
      status: 201,
      why: 'a signed-in user’s 28-day lifetime',
      run: async (api) =>
        (await api.signUp()).inject({ method: 'POST', url: '/secret', payload: { text: 'x', ttl: 2419200 } }),
    },
    {
      status: 201,
      why: 'an API token’s 14-day lifetime (the secrets:create scope)',
      run: async (api) =>
        (await (await api.signUp()).withToken({ scopes: ['secrets:create'] })).inject({
          method: 'POST',
          url: '/secret',
          payload: { text: 'x', ttl: 1209600 },
        }),
    },
    {
      status: 400,
      code: 'validation.text',
      why: 'an empty text',
      run: (api) => api.inject({ method: 'POST', url: '/secret', payload: { text: '', ttl: 3600 } }),
    },
    {
      status: 400,
      code: 'validation.ttl',
      why: 'a lifetime not on the list',
      run: (api) => api.inject({ method: 'POST', url: '/secret', payload: { text: 'x', ttl: 301 } }),
    },
    {
      status: 400,
      code: 'validation.ttl',
      why: 'a 28-day lifetime without an account',
      run: (api) => api.inject({ method: 'POST', url: '/secret', payload: { text: 'x', ttl: 2419200 } }),
    },
    unknownToken({ method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600 } }),
    withoutScope({ method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600 } }, 'secrets:create'),
    crossSite({ method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600 } }),
    {
      status: 400,
      code: 'request.invalid_json',
      why: 'malformed JSON',
      run: (api) => api.inject({ method: 'POST', url: '/secret', ...json('{"text":') }),
    },
    {
      status: 413,
      code: 'request.too_large',
      why: 'a body over the limit',
      run: (api) => api.inject({ method: 'POST', url: '/secret', ...json(TOO_LARGE) }),
    },
    {
      status: 415,
      code: 'request.unsupported_media_type',
      why: 'a body that is not JSON',
      run: (api) => api.inject({ method: 'POST', url: '/secret', ...json('<x/>', 'application/xml') }),
    },
    rateLimited({ method: 'POST', url: '/secret', payload: {} }),
  ],
  exist: [
    {
      status: 200,
      why: 'a secret that can be opened',
      run: async (api) => api.inject({ url: `/secret/${(await api.create({ maxViews: 2 })).id}/exist` }),
    },
    {
      status: 400,
      code: 'validation.id',
      why: 'an id longer than 64 characters',
      run: (api) => api.inject({ url: `/secret/${'A'.repeat(65)}/exist` }),
    },
    {
      status: 401,
      code: 'secret.password_required',
      why: 'a password-protected secret',
      run: async (api) => api.inject({ url: `/secret/${(await api.create({ password: PASSWORD })).id}/exist` }),
    },
    {
      status: 403,
      code: 'secret.ip_not_allowed',
      why: 'a caller outside the allowed range',
      run: async (api) => api.inject({ url: `/secret/${(await api.create({ allowedIp: '10.0.0.0/8' })).id}/exist` }),
    },
    {
      status: 404,
      code: 'secret.not_found',
      why: 'an unknown id',
      run: (api) => api.inject({ url: `/secret/${UNKNOWN_ID}/exist` }),
    },
    unknownToken({ url: `/secret/${UNKNOWN_ID}/exist` }),
    rateLimited({ url: `/secret/${UNKNOWN_ID}/exist` }),
  ],
  publicList: [
    {
      status: 200,
      why: 'one public secret',
      run: async (api) => {
        await api.create({ isPublic: true, text: 'hello', title: 'Hi' });
        return api.inject({ url: '/public-secrets' });
      },
    },
    unknownToken({ url: '/public-secrets' }),
    rateLimited({ url: '/public-secrets' }),
  ],
  publicListByUser: [
    { status: 200, why: 'a user without public secrets', run: (api) => api.inject({ url: '/public-secrets/nobody' }) },
    {
      status: 400,
      code: 'validation.username',
      why: 'a username longer than 64 characters',
      run: (api) => api.inject({ url: `/public-secrets/${'u'.repeat(65)}` }),
    },
    unknownToken({ url: '/public-secrets/nobody' }),
    rateLimited({ url: '/public-secrets/nobody' }),
  ],
  publicSettings: [
    { status: 200, why: 'the defaults', run: (api) => api.inject({ url: '/settings/public' }) },
    unknownToken({ url: '/settings/public' }),
    rateLimited({ url: '/settings/public' }),
  ],
};
