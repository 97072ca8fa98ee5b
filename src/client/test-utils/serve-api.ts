import { vi } from 'vitest';

type Answer = [status: number, body: unknown] | ((body: unknown, url: string) => [number, unknown]);

/**
 * A stand-in for the server: answers `METHOD /api/v1/path` (query left out) with a status and a JSON body, or
 * with a function of the request body; anything else is a network failure. Returns the fetch mock.
 */
export function serveApi(answers: Record<string, Answer>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url.replace(/\?.*$/, '')}`;
    const answer = answers[key];
    if (!answer) throw new TypeError('Failed to fetch');
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    const [status, json] = typeof answer === 'function' ? answer(body, url) : answer;
    return new Response(JSON.stringify(json), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to `METHOD /api/v1/path`. */
export const sentBodies = (fetchMock: ReturnType<typeof serveApi>, key: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url.replace(/\?.*$/, '')}` === key)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
