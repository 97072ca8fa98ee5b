import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { refreshSession } from './refresh-session';
import { signin } from './signin';
import { signup } from './signup';

const SESSION = {
  username: 'alice',
  email: 'alice@example.com',
  role: 'user',
  expirationDate: '2030-01-08T00:00:00.000Z',
};

function serverAnswers(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const refusal = (code: string, message: string) => ({ code, message });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signin (spec §7)', () => {
  it('posts the credentials as JSON and gives the session on success', async () => {
    const fetchMock = serverAnswers(200, SESSION);
    expect(await signin({ username: 'alice', password: 'secret1' })).toEqual(SESSION);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/authentication/signin',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ username: 'alice', password: 'secret1' }),
        credentials: 'same-origin',
      }),
    );
  });

  it('reports a 401 as an ApiError with its status (the page goes by the status alone)', async () => {
    serverAnswers(401, refusal('auth.invalid_credentials', 'Wrong username or password'));
    const failure = await signin({ username: 'alice', password: 'wrong' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401 });
  });

  it("reports a 403 with its status and the server's message", async () => {
    serverAnswers(403, refusal('auth.signin_disabled', 'Signing in is disabled on this instance'));
    const failure = await signin({ username: 'alice', password: 'secret1' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 403,
      message: 'Signing in is disabled on this instance',
      code: 'auth.signin_disabled',
    });
  });

  it('throws any other failure as an ApiError with its code', async () => {
    serverAnswers(429, refusal('auth.too_many_attempts', 'Too many failed sign-ins'));
    await expect(signin({ username: 'alice', password: 'x' })).rejects.toMatchObject({
      status: 429,
      code: 'auth.too_many_attempts',
    });
  });
});

describe('signup (spec §7)', () => {
  it('gives the session of the new account', async () => {
    serverAnswers(201, SESSION);
    const result = await signup({ email: 'alice@example.com', username: 'alice', password: 'secret1' });
    expect(result).toEqual(SESSION);
  });

  it("reports a 403 with its status and the server's message", async () => {
    serverAnswers(403, refusal('auth.email_domain', 'Only email addresses at example.org may be used'));
    const failure = await signup({ email: 'a@example.com', username: 'alice', password: 'secret1' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 403,
      message: 'Only email addresses at example.org may be used',
      code: 'auth.email_domain',
    });
  });

  it('throws a taken username as an ApiError naming the field', async () => {
    serverAnswers(409, { ...refusal('auth.username_taken', 'This username is taken'), field: 'username' });
    const failure = await signup({ email: 'a@example.com', username: 'alice', password: 'secret1' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, code: 'auth.username_taken', field: 'username' });
  });
});

describe('refreshSession (spec §7)', () => {
  it('gives the extended session', async () => {
    const fetchMock = serverAnswers(200, SESSION);
    expect(await refreshSession()).toEqual(SESSION);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/authentication/refresh',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('reports a 401 as an ApiError with its status', async () => {
    serverAnswers(401, refusal('auth.not_signed_in', 'You are not signed in'));
    const failure = await refreshSession().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401 });
  });

  it('throws other failures, such as an unreachable server', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(refreshSession()).rejects.toMatchObject({ code: 'network.unreachable' });
  });
});
