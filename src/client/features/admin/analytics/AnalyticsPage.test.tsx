// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test-utils/i18n';
import type { DailyAnalytics, Stats } from '../api/admin.types';
import { renderAdminPage, serveApi } from '../admin.test-utils';
import AnalyticsPage from './AnalyticsPage';
import type { VisitsChartProps } from './VisitsChart';

// The chart itself needs a browser's layout; here a stand-in shows what it was given.
vi.mock('./VisitsChart', () => ({
  default: ({ summary, days }: VisitsChartProps) => <div role="img" aria-label={summary} data-days={days.length} />,
}));

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DAILY_PATH = '/api/v1/analytics/data/aggregate/daily';
const STATS_PATH = '/api/v1/stats';
const day = (date: string, visits: number, uniqueVisitors: number) => ({ date, visits, uniqueVisitors });
const DAILY: DailyAnalytics = {
  days: [day('2029-03-01', 3, 2), day('2029-03-02', 0, 0), day('2029-03-03', 1200, 400)],
  paths: [
    { path: '/', visits: 1000, uniqueVisitors: 350 },
    { path: '/public', visits: 203, uniqueVisitors: 52 },
  ],
  totals: { visits: 1203, uniqueVisitors: 402 },
};
const STATS: Stats = {
  secrets: { created: 5120, active: 42, expired: 3000, burned: 2078, public: 7, withPassword: 11 },
  requests: { created: 31, open: 4, responses: 27 },
  users: { total: 12, admins: 2 },
  files: { count: 3, bytes: 5 * 1024 ** 2 },
};
const open = () => renderAdminPage(i18n, <AnalyticsPage />, '/account/analytics');
const stat = (group: string, label: string) => {
  const list = screen.getByRole('heading', { name: group }).closest('section')!;
  const term = within(list).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('the analytics page', () => {
  it('shows the stat cards, the chart with its summary, and the numbers per day and per page', async () => {
    serveApi({ [`GET ${DAILY_PATH}`]: [200, DAILY], [`GET ${STATS_PATH}`]: [200, STATS] });
    open();
    await screen.findByRole('heading', { name: 'Secrets' });
    expect(stat('Secrets', 'Created')).toBe('5,120');
    expect(stat('Secrets', 'Active')).toBe('42');
    expect(stat('Secrets', 'Expired')).toBe('3,000');
    expect(stat('Secrets', 'Burned')).toBe('2,078');
    expect(stat('Secrets', 'Public')).toBe('7');
    expect(stat('Secrets', 'With password')).toBe('11');
    expect(stat('Requests', 'Created')).toBe('31');
    expect(stat('Requests', 'Open')).toBe('4');
    expect(stat('Requests', 'Responses')).toBe('27');
    expect(stat('Users', 'Users')).toBe('12');
    expect(stat('Users', 'Administrators')).toBe('2');
    expect(stat('Files', 'Files')).toBe('3');
    expect(stat('Files', 'Size')).toBe('5 MiB');
    expect(stat('Visits in the last 30 days', 'Visits')).toBe('1,203');
    expect(stat('Visits in the last 30 days', 'Unique visitors')).toBe('402');

    const chart = await screen.findByRole('img');
    expect(chart.getAttribute('aria-label')).toBe(
      'Line chart of visits and unique visitors per day from Mar 1, 2029 to Mar 3, 2029. Total visits: 1,203. ' +
        'Total unique visitors: 402. Visits on the busiest day, Mar 3, 2029: 1,200.',
    );
    expect(chart.getAttribute('data-days')).toBe('3');

    const perDay = screen.getByRole('table', { name: 'Visits and unique visitors per day' });
    expect(within(perDay).getAllByRole('row')).toHaveLength(4);
    expect(within(perDay).getByRole('row', { name: /Mar 3, 2029/ }).textContent).toContain('1,200400');
    const perPage = screen.getByRole('table', { name: 'Visits per page' });
    expect(
      within(perPage)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['/', '/public']);
  });

  it('says when there were no visits, and that recording is off', async () => {
    const empty = { days: [day('2029-03-01', 0, 0)], paths: [], totals: { visits: 0, uniqueVisitors: 0 } };
    serveApi({ [`GET ${DAILY_PATH}`]: [200, empty], [`GET ${STATS_PATH}`]: [200, STATS] });
    open();
    expect((await screen.findByRole('img')).getAttribute('aria-label')).toContain('no visits were recorded');
    expect(screen.getByText('No page views were recorded in the last 30 days.')).toBeTruthy();
    expect(screen.getByText(/Page views are not recorded on this instance/)).toBeTruthy();
  });

  it('shows the forbidden state when either call answers 403', async () => {
    serveApi({
      [`GET ${DAILY_PATH}`]: [200, DAILY],
      [`GET ${STATS_PATH}`]: [403, { code: 'auth.admin_required', message: 'no' }],
    });
    open();
    expect(await screen.findByText('You do not have permission to see analytics')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the forbidden state to a non-admin without asking the server', () => {
    const fetchMock = serveApi({});
    renderAdminPage(i18n, <AnalyticsPage />, '/account/analytics', 'user');
    expect(screen.getByText('You do not have permission to see analytics')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Failed to fetch analytics data' on other failures, and tries again", async () => {
    serveApi({
      [`GET ${DAILY_PATH}`]: [500, { code: 'server.error', message: 'boom' }],
      [`GET ${STATS_PATH}`]: [200, STATS],
    });
    open();
    expect(await screen.findByText('Failed to fetch analytics data')).toBeTruthy();
    serveApi({ [`GET ${DAILY_PATH}`]: [200, DAILY], [`GET ${STATS_PATH}`]: [200, STATS] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img')).toBeTruthy();
  });
});
