import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { apiFailure } from '../../../test-utils/api-failure';
import { getAdminSettings, updateAdminSettings } from './admin-settings';
import { getDailyAnalytics, getStats, loadAnalytics } from './analytics';
import { listUsers } from './users';

afterEach(() => vi.unstubAllGlobals());

const SETTINGS = {
  disable_users: false,
  disable_user_account_creation: true,
  read_only: false,
  disable_file_upload: false,
  hide_allowed_ip_input: true,
  restrict_organization_email: '',
  disable_requests: false,
  disable_webhooks: false,
  disable_email_notifications: false,
  require_two_factor: 'off',
  managed: [],
};
const DAILY = { days: [], paths: [], totals: { visits: 0, uniqueVisitors: 0 } };
const STATS = {
  secrets: { created: 1, active: 1, expired: 0, burned: 0, public: 0, withPassword: 0 },
  requests: { created: 0, open: 0, responses: 0 },
  users: { total: 1, admins: 1 },
  files: { count: 0, bytes: 0 },
};

/** Answers every call by path (method and path, or path alone) with a status and a JSON body. */
function serve(answers: Record<string, [number, unknown]>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(/\?.*$/, '');
    const answer = answers[`${init?.method ?? 'GET'} ${path}`] ?? answers[path];
    if (!answer) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer[1]), { status: answer[0] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const offline = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );

describe('fetching the admin settings (spec §7, §8)', () => {
  it('gives the settings, asked with the session cookie and past any cache', async () => {
    const fetchMock = serve({ '/api/v1/admin/settings': [200, SETTINGS] });
    expect(await getAdminSettings()).toEqual(SETTINGS);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'same-origin', cache: 'no-store' });
  });

  it('a failure gives its status and the server error', async () => {
    serve({ '/api/v1/admin/settings': [403, { code: 'auth.admin_required', message: 'Only admins can do this' }] });
    expect(await apiFailure(getAdminSettings())).toMatchObject({
      status: 403,
      message: 'Only admins can do this',
      code: 'auth.admin_required',
    });
  });

  it('a failure without a message gives "Failed to fetch settings"', async () => {
    serve({ '/api/v1/admin/settings': [502, {}] });
    expect(await apiFailure(getAdminSettings())).toMatchObject({ status: 502, message: 'Failed to fetch settings' });
  });

  it('a network exception gives status 500 and "Failed to fetch settings"', async () => {
    offline();
    expect(await apiFailure(getAdminSettings())).toMatchObject({
      status: 500,
      message: 'Failed to fetch settings',
      code: 'network.unreachable',
    });
  });
});

describe('updating the admin settings (spec §7, §8)', () => {
  const body = {
    disable_users: true,
    disable_user_account_creation: true,
    read_only: false,
    disable_file_upload: false,
  };

  it('PUTs the fields and gives the settings now in force', async () => {
    const fetchMock = serve({ 'PUT /api/v1/admin/settings': [200, { ...SETTINGS, disable_users: true }] });
    expect(await updateAdminSettings(body)).toEqual({ ...SETTINGS, disable_users: true });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init).toMatchObject({ method: 'PUT', credentials: 'same-origin', cache: 'no-store' });
    expect(JSON.parse(String(init?.body))).toEqual(body);
  });

  it('a failure gives the server error, or "Failed to update settings"', async () => {
    serve({
      'PUT /api/v1/admin/settings': [403, { code: 'settings.managed', message: 'These settings are managed' }],
    });
    expect(await apiFailure(updateAdminSettings(body))).toMatchObject({
      status: 403,
      message: 'These settings are managed',
      code: 'settings.managed',
    });
    serve({ 'PUT /api/v1/admin/settings': [500, null] });
    expect(await apiFailure(updateAdminSettings(body))).toMatchObject({
      status: 500,
      message: 'Failed to update settings',
    });
  });

  it('an exception gives status 500', async () => {
    offline();
    expect(await apiFailure(updateAdminSettings(body))).toMatchObject({
      status: 500,
      message: 'Failed to update settings',
    });
  });

  it('a cancelled call stays cancelled, not a failure', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    controller.abort();
    await expect(getAdminSettings(controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('analytics and stats (spec §7, §8)', () => {
  it('a 403 stays a 403 (the page shows it as forbidden), on either call', async () => {
    serve({
      '/api/v1/analytics/data/aggregate/daily': [403, { code: 'auth.admin_required', message: 'no' }],
      '/api/v1/stats': [403, { code: 'auth.admin_required', message: 'no' }],
    });
    expect(await apiFailure(getDailyAnalytics())).toMatchObject({ status: 403, code: 'auth.admin_required' });
    expect(await apiFailure(getStats())).toMatchObject({ status: 403, code: 'auth.admin_required' });
  });

  it('any other failure throws "Failed to fetch analytics data", keeping status and code', async () => {
    serve({ '/api/v1/stats': [500, { code: 'server.error', message: 'boom' }] });
    const failure = await getStats().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'Failed to fetch analytics data', status: 500, code: 'server.error' });
    offline();
    await expect(getDailyAnalytics()).rejects.toThrow('Failed to fetch analytics data');
  });

  it('loads both together; forbidden wins over another failure', async () => {
    const fetchMock = serve({
      '/api/v1/analytics/data/aggregate/daily': [200, DAILY],
      '/api/v1/stats': [200, STATS],
    });
    expect(await loadAnalytics()).toEqual({ daily: DAILY, stats: STATS });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    serve({
      '/api/v1/analytics/data/aggregate/daily': [500, {}],
      '/api/v1/stats': [403, { code: 'auth.admin_required', message: 'no' }],
    });
    expect(await apiFailure(loadAnalytics())).toMatchObject({ status: 403, code: 'auth.admin_required' });

    serve({ '/api/v1/analytics/data/aggregate/daily': [200, DAILY], '/api/v1/stats': [503, {}] });
    await expect(loadAnalytics()).rejects.toThrow('Failed to fetch analytics data');
  });
});

describe('users', () => {
  it('asks for one page with skip and take', async () => {
    const fetchMock = serve({ '/api/v1/admin/users': [200, { users: [], total: 0, skip: 40, take: 20 }] });
    await listUsers({ skip: 40, take: 20 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/admin/users?skip=40&take=20');
  });
});
