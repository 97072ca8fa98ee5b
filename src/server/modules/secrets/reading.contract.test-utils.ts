import {
  crossSite,
  json,
  rateLimited,
  TOO_LARGE,
  unknownToken,
  type RouteName,
  type Scenario,
} from '../../test-utils/contract-api.js';
import { KEY_PROOF, PASSWORD, UNKNOWN_ID } from './secrets.contract.test-utils.js';

/** The contract test's scenarios for reading and burning a secret: one per status each route declares, or more. */

type ReadingRoute = Extract<RouteName, 'read' | 'readByGet' | 'burn'>;

export const READING_SCENARIOS: Record<ReadingRoute, Scenario[]> = {
  read: [
    {
      status: 200,
      why: 'a secret that can be opened',
      run: async (api) => api.inject({ method: 'POST', url: `/secret/${(await api.create()).id}` }),
    },
    {
      status: 400,
      code: 'validation.keyProof',
      why: 'a malformed key proof',
      run: (api) => api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}`, payload: { keyProof: 'short' } }),
    },
    {
      status: 400,
      code: 'request.invalid_json',
      why: 'malformed JSON',
      run: (api) => api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}`, ...json('{,}') }),
    },
    {
      status: 401,
      code: 'secret.password_required',
      why: 'no password for a protected secret',
      run: async (api) =>
        api.inject({ method: 'POST', url: `/secret/${(await api.create({ password: PASSWORD })).id}` }),
    },
    {
      status: 401,
      code: 'secret.password_invalid',
      why: 'a wrong password',
      run: async (api) =>
        api.inject({
          method: 'POST',
          url: `/secret/${(await api.create({ password: PASSWORD })).id}`,
          payload: { password: 'wrong' },
        }),
    },
    {
      status: 403,
      code: 'secret.key_invalid',
      why: 'a wrong key proof',
      run: async (api) =>
        api.inject({
          method: 'POST',
          url: `/secret/${(await api.create({ keyProof: KEY_PROOF })).id}`,
          payload: { keyProof: 'Q'.repeat(43) },
        }),
    },
    {
      status: 403,
      code: 'secret.ip_not_allowed',
      why: 'a caller outside the allowed range',
      run: async (api) =>
        api.inject({ method: 'POST', url: `/secret/${(await api.create({ allowedIp: '10.0.0.0/8' })).id}` }),
    },
    {
      status: 404,
      code: 'secret.not_found',
      why: 'an unknown id',
      run: (api) => api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}` }),
    },
    {
      status: 413,
      code: 'request.too_large',
      why: 'a body over the limit',
      run: (api) => api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}`, ...json(TOO_LARGE) }),
    },
    {
      status: 415,
      code: 'request.unsupported_media_type',
      why: 'a body that is not JSON',
      run: (api) => api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}`, ...json('<x/>', 'application/xml') }),
    },
    unknownToken({ method: 'POST', url: `/secret/${UNKNOWN_ID}` }),
    crossSite({ method: 'POST', url: `/secret/${UNKNOWN_ID}` }),
    rateLimited({ method: 'POST', url: `/secret/${UNKNOWN_ID}` }),
  ],
  readByGet: [
    {
      status: 200,
      why: 'a secret that can be opened',
      run: async (api) => api.inject({ url: `/secret/${(await api.create()).id}` }),
    },
    {
      status: 200,
      why: 'the password in the query string',
      run: async (api) =>
        api.inject({ url: `/secret/${(await api.create({ password: PASSWORD })).id}?password=${PASSWORD}` }),
    },
    {
      status: 400,
      code: 'validation.password',
      why: 'a repeated query parameter',
      run: (api) => api.inject({ url: `/secret/${UNKNOWN_ID}?password=a&password=b` }),
    },
    {
      status: 400,
      code: 'validation.id',
      why: 'an id longer than 64 characters',
      run: (api) => api.inject({ url: `/secret/${'A'.repeat(65)}` }),
    },
    {
      status: 401,
      code: 'secret.password_required',
      why: 'no password for a protected secret',
      run: async (api) => api.inject({ url: `/secret/${(await api.create({ password: PASSWORD })).id}` }),
    },
    {
      status: 401,
      code: 'secret.password_invalid',
      why: 'a wrong password',
      run: async (api) =>
        api.inject({ url: `/secret/${(await api.create({ password: PASSWORD })).id}?password=wrong` }),
    },
    {
      status: 403,
      code: 'secret.key_invalid',
      why: 'a wrong key proof',
      run: async (api) =>
        api.inject({ url: `/secret/${(await api.create({ keyProof: KEY_PROOF })).id}?keyProof=wrong` }),
    },
    {
      status: 403,
      code: 'secret.ip_not_allowed',
      why: 'a caller outside the allowed range',
      run: async (api) => api.inject({ url: `/secret/${(await api.create({ allowedIp: '10.0.0.0/8' })).id}` }),
    },
    {
      status: 404,
      code: 'secret.not_found',
      why: 'an unknown id',
      run: (api) => api.inject({ url: `/secret/${UNKNOWN_ID}` }),
    },
    unknownToken({ url: `/secret/${UNKNOWN_ID}` }),
    rateLimited({ url: `/secret/${UNKNOWN_ID}` }),
  ],
  burn: [
    {
      status: 200,
      why: 'the delete token',
      run: async (api) => {
        const { id, deleteToken } = await api.create();
        return api.inject({ method: 'POST', url: `/secret/${id}/burn`, payload: { deleteToken } });
      },
    },
    {
      status: 200,
      why: 'the key proof',
      run: async (api) =>
        api.inject({
          method: 'POST',
          url: `/secret/${(await api.create({ keyProof: KEY_PROOF })).id}/burn`,
          payload: { keyProof: KEY_PROOF },
        }),
    },
    {
      status: 200,
      why: 'its owner, signed in',
      run: async (api) => {
        const owner = await api.signUp();
        return owner.inject({ method: 'POST', url: `/secret/${(await owner.create()).id}/burn` });
      },
    },
    {
      status: 200,
      why: 'its owner’s API token with the secrets:create scope',
      run: async (api) => {
        const owner = await api.signUp();
        const { id } = await owner.create();
        const script = await owner.withToken({ scopes: ['secrets:create'] });
        return script.inject({ method: 'POST', url: `/secret/${id}/burn` });
      },
    },
    {
      status: 200,
      why: 'the delete token, sent with an API token of any scope',
      run: async (api) => {
        const owner = await api.signUp();
        const { id, deleteToken } = await owner.create();
        const script = await owner.withToken({ scopes: ['requests'] });
        return script.inject({ method: 'POST', url: `/secret/${id}/burn`, payload: { deleteToken } });
      },
    },
    {
      status: 400,
      code: 'validation.deleteToken',
      why: 'a malformed delete token',
      run: (api) =>
        api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}/burn`, payload: { deleteToken: 'short' } }),
    },
    {
      status: 403,
      code: 'secret.burn_forbidden',
      why: 'the bare id',
      run: async (api) => api.inject({ method: 'POST', url: `/secret/${(await api.create()).id}/burn` }),
    },
    {
      status: 403,
      code: 'auth.token_scope',
      why: 'its owner’s API token without the secrets:create scope, and no delete token',
      run: async (api) => {
        const owner = await api.signUp();
        const { id } = await owner.create();
        const script = await owner.withToken({ scopes: ['secrets:read', 'requests'] });
        return script.inject({ method: 'POST', url: `/secret/${id}/burn` });
      },
    },
    {
      status: 404,
      code: 'secret.not_found',
      why: 'an unknown id',
      run: (api) =>
        api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}/burn`, payload: { deleteToken: 'D'.repeat(43) } }),
    },
    {
      status: 413,
      code: 'request.too_large',
      why: 'a body over the limit',
      run: (api) => api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}/burn`, ...json(TOO_LARGE) }),
    },
    {
      status: 415,
      code: 'request.unsupported_media_type',
      why: 'a body that is not JSON',
      run: (api) =>
        api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}/burn`, ...json('<x/>', 'application/xml') }),
    },
    unknownToken({ method: 'POST', url: `/secret/${UNKNOWN_ID}/burn` }),
    crossSite({ method: 'POST', url: `/secret/${UNKNOWN_ID}/burn` }),
    rateLimited({ method: 'POST', url: `/secret/${UNKNOWN_ID}/burn` }),
  ],
};
