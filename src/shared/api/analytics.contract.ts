import { z } from 'zod';
import { defineRoute, errorResponse, scopeRefusal } from './contract.js';

export const TrackBody = z
  .object({
    path: z.string().min(1, 'is required').max(512).startsWith('/', 'must start with /'),
  })
  .meta({ id: 'TrackBody' });
export const TrackResult = z
  .object({
    recorded: z
      .boolean()
      .describe(
        'false when analytics are off, for bots and scripts (by user agent, or none), and when the browser asks not to ' +
          'be tracked (DNT: 1 or Sec-GPC: 1). Paths that are not pages are recorded as /404.',
      ),
  })
  .meta({ id: 'TrackResult' });

export const DailyVisits = z.object({
  date: z.iso.date().describe('UTC day'),
  visits: z.number().int(),
  uniqueVisitors: z.number().int().describe('Distinct visitors that day (the visitor id changes every day)'),
});
export const PathVisits = z.object({
  path: z.string().describe('A page path such as /secret or /account/users (ids and keys never), or /404'),
  visits: z.number().int(),
  uniqueVisitors: z
    .number()
    .int()
    .describe('Distinct daily visitor ids: a visitor coming back on two days counts twice'),
});
export const DailyAnalytics = z
  .object({
    days: z.array(DailyVisits).describe('The last 30 days, oldest first, days without visits included as 0'),
    paths: z.array(PathVisits).describe('Per page over the same days, most visited first'),
    totals: z
      .object({ visits: z.number().int(), uniqueVisitors: z.number().int() })
      .describe('Over the same days; uniqueVisitors is the sum of the days’ (the visitor id changes every day)'),
  })
  .meta({ id: 'DailyAnalytics' });
export type DailyAnalytics = z.infer<typeof DailyAnalytics>;

export const Stats = z
  .object({
    secrets: z.object({
      created: z.number().int().describe('Ever created'),
      active: z.number().int().describe('Stored now and not expired'),
      expired: z.number().int().describe('Deleted by the purge after their lifetime'),
      burned: z.number().int().describe('Deleted by their last view or a burn'),
      public: z.number().int().describe('Active and public'),
      withPassword: z.number().int().describe('Active and password-protected'),
    }),
    requests: z.object({
      created: z.number().int().describe('Requests for secrets ever created'),
      open: z.number().int().describe('Requests stored now whose fill link can still be answered'),
      responses: z.number().int().describe('Responses ever received'),
    }),
    users: z.object({ total: z.number().int(), admins: z.number().int() }),
    files: z
      .object({
        count: z.number().int().describe('Files stored now (uploading, or waiting for their deletion included)'),
        bytes: z.number().int().describe('Their stored (encrypted) bytes'),
      })
      .describe('Stored file attachments'),
  })
  .meta({ id: 'Stats' });
export type Stats = z.infer<typeof Stats>;

const unauthorized = errorResponse('Not signed in, or the API token sent is not valid (auth.not_signed_in)');
const forbidden = errorResponse(`Only admins may read this (auth.admin_required), or ${scopeRefusal('admin')}`);
const rateLimited = errorResponse('Too many requests');

export const analyticsRoutes = {
  track: defineRoute({
    method: 'POST',
    path: '/analytics/track',
    operationId: 'trackPageView',
    tag: 'analytics',
    access: 'anyone',
    summary: 'Record a page view (no IP stored; secret ids and keys stripped; bots skipped)',
    body: TrackBody,
    responses: {
      200: { description: 'Whether a view was recorded', schema: TrackResult },
      400: errorResponse('The path is missing or invalid (validation.path)'),
      401: errorResponse('The API token sent is unknown, expired or revoked (auth.not_signed_in)'),
      403: errorResponse('A cookie-authenticated request from another site (auth.cross_site)'),
      413: errorResponse('Body too large'),
      415: errorResponse('Body is not JSON'),
      429: rateLimited,
    },
  }),
  analyticsDaily: defineRoute({
    method: 'GET',
    path: '/analytics/data/aggregate/daily',
    operationId: 'getDailyAnalytics',
    tag: 'analytics',
    access: 'admin',
    scope: 'admin',
    summary: 'Page views of the last 30 days: per day and per page (admins)',
    responses: {
      200: { description: 'The aggregate', schema: DailyAnalytics },
      401: unauthorized,
      403: forbidden,
      429: rateLimited,
    },
  }),
  stats: defineRoute({
    method: 'GET',
    path: '/stats',
    operationId: 'getStats',
    tag: 'analytics',
    access: 'admin',
    scope: 'admin',
    summary: 'Instance statistics: secrets and users (admins)',
    responses: {
      200: { description: 'The statistics', schema: Stats },
      401: unauthorized,
      403: forbidden,
      429: rateLimited,
    },
  }),
};
