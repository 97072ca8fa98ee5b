import { expect } from 'vitest';
import { bodyFailures, crossSite, rateLimited, unknownToken, type Scenario } from '../../test-utils/contract-api.js';
import { MANIFEST } from '../../test-utils/contract-files.js';
import {
  PUBLIC_KEY,
  UNKNOWN_REQUEST,
  REQUEST_ID,
  item,
  form,
  respond,
  requester,
  whenDisabled,
  RESPONSE_LIMIT,
  type RequestRoute,
} from './requests.contract.test-helpers.js';

/** The contract test's scenarios for a request's fill link (the form, and answering): one per status each declares. */
export const FILL_LINK_SCENARIOS: Record<Extract<RequestRoute, 'requestForm' | 'respond'>, Scenario[]> = {
  requestForm: [
    {
      status: 200,
      why: 'an open request, to anyone with the link',
      run: async (api) => {
        await requester(api, { allowFiles: true });
        return api.inject(form(REQUEST_ID));
      },
    },
    {
      status: 200,
      why: 'a signed-in responder inside the request’s IP range',
      run: async (api) => (await requester(api, { allowedIp: '127.0.0.0/8' })).inject(form(REQUEST_ID)),
    },
    {
      status: 400,
      code: 'validation.id',
      why: 'an id longer than 64 characters',
      run: (api) => api.inject(form('A'.repeat(65))),
    },
    unknownToken(form(UNKNOWN_REQUEST)),
    {
      status: 403,
      code: 'secret_request.ip_not_allowed',
      why: 'a responder outside the request’s IP range',
      run: async (api) => {
        await requester(api, { allowedIp: '203.0.113.0/24' });
        return api.inject(form(REQUEST_ID));
      },
    },
    {
      status: 403,
      code: 'secret_request.disabled',
      why: 'requests turned off by the instance setting',
      run: whenDisabled(async (api) => {
        await requester(api);
        return form(REQUEST_ID);
      }),
    },
    {
      status: 404,
      code: 'secret_request.not_found',
      why: 'an unknown id',
      run: (api) => api.inject(form(UNKNOWN_REQUEST)),
    },
    {
      status: 404,
      code: 'secret_request.not_found',
      why: 'a request whose one response was sent',
      run: async (api) => {
        await requester(api);
        expect((await api.inject(respond(REQUEST_ID))).statusCode).toBe(201);
        return api.inject(form(REQUEST_ID));
      },
    },
    {
      status: 404,
      code: 'secret_request.not_found',
      why: 'a revoked request',
      run: async (api) => {
        const alice = await requester(api);
        expect((await alice.inject({ method: 'POST', url: `${item(REQUEST_ID)}/revoke` })).statusCode).toBe(200);
        return api.inject(form(REQUEST_ID));
      },
    },
    rateLimited(form(UNKNOWN_REQUEST)),
  ],
  respond: [
    {
      status: 201,
      why: 'a response from someone without an account',
      run: async (api) => {
        await requester(api);
        return api.inject(respond(REQUEST_ID));
      },
    },
    {
      status: 201,
      why: 'a response with a file to upload in parts (the answer carries the upload ticket)',
      run: async (api) => {
        await requester(api, { allowFiles: true });
        return api.inject(respond(REQUEST_ID, { files: [MANIFEST] }));
      },
    },
    {
      status: 400,
      code: 'validation.ephemeralKey',
      why: 'an ephemeral key of the wrong length',
      run: async (api) => {
        await requester(api);
        return api.inject(respond(REQUEST_ID, { ephemeralKey: 'short' }));
      },
    },
    {
      status: 400,
      code: 'secret_request.files_not_allowed',
      why: 'a file to a request that takes none',
      run: async (api) => {
        await requester(api);
        return api.inject(respond(REQUEST_ID, { files: [MANIFEST] }));
      },
    },
    {
      status: 400,
      code: 'validation.id',
      why: 'an id longer than 64 characters',
      run: (api) => api.inject(respond('A'.repeat(65))),
    },
    unknownToken(respond(UNKNOWN_REQUEST)),
    {
      status: 403,
      code: 'secret_request.ip_not_allowed',
      why: 'a responder outside the request’s IP range',
      run: async (api) => {
        await requester(api, { allowedIp: '203.0.113.0/24' });
        return api.inject(respond(REQUEST_ID));
      },
    },
    {
      status: 403,
      code: 'secret_request.disabled',
      why: 'requests turned off by the instance setting',
      run: whenDisabled(async (api) => {
        await requester(api);
        return respond(REQUEST_ID);
      }),
    },
    {
      status: 403,
      code: 'files.upload_disabled',
      why: 'a file while file uploads are turned off',
      run: async (api) => {
        await requester(api, { allowFiles: true });
        await api.services.settings.update({ disable_file_upload: true });
        return api.inject(respond(REQUEST_ID, { files: [MANIFEST] }));
      },
    },
    {
      status: 403,
      code: 'secret.read_only',
      why: 'a read-only instance, the requester a plain user',
      run: async (api) => {
        await requester(api);
        await api.services.settings.update({ read_only: true });
        return api.inject(respond(REQUEST_ID));
      },
    },
    crossSite(respond(UNKNOWN_REQUEST)),
    {
      status: 404,
      code: 'secret_request.not_found',
      why: 'an unknown id',
      run: (api) => api.inject(respond(UNKNOWN_REQUEST)),
    },
    {
      status: 404,
      code: 'secret_request.not_found',
      why: 'a request whose one place is taken',
      run: async (api) => {
        await requester(api);
        expect((await api.inject(respond(REQUEST_ID))).statusCode).toBe(201);
        return api.inject(respond(REQUEST_ID, { ephemeralKey: PUBLIC_KEY }));
      },
    },
    {
      status: 413,
      code: 'files.too_large',
      why: 'a file over the requester’s limit',
      config: { maxFileBytes: 1000 },
      run: async (api) => {
        await requester(api, { allowFiles: true });
        return api.inject(respond(REQUEST_ID, { files: [MANIFEST] }));
      },
    },
    ...bodyFailures('POST', `${item(UNKNOWN_REQUEST)}/responses`),
    {
      status: 429,
      code: 'rate_limited',
      why: 'a responder over the responses’ own limit (under the general one)',
      config: RESPONSE_LIMIT,
      async run(api) {
        await requester(api, { maxResponses: 5 });
        for (let i = 0; i < RESPONSE_LIMIT.responseRateLimit; i++) {
          expect((await api.inject(respond(REQUEST_ID))).statusCode).toBe(201);
        }
        return api.inject(respond(REQUEST_ID));
      },
    },
  ],
};
