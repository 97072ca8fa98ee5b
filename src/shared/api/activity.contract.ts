import { z } from 'zod';
import { ACTIVITY_PAGE, EVENT_TYPES } from '../rules/events.js';
import { defineRoute, errorResponse, scopeRefusal, noNul } from './contract.js';
import { EXAMPLE } from './examples.js';

/** The signed-in user's activity (issue 15): what happened to their secrets, requests, tokens and sign-ins. */
export const EventType = z.enum(EVENT_TYPES);

export const ActivityItem = z
  .object({
    id: z.string(),
    type: EventType,
    at: z.iso.datetime(),
    subjectId: z.string().describe('The secret, request, token or webhook it is about'),
    data: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .describe('A few content-free fields of the event (views left, how it ended, attempts left)'),
    unread: z.boolean(),
  })
  .meta({ id: 'ActivityItem' });

export const ActivityPage = z
  .object({
    items: z.array(ActivityItem),
    next: z.string().nullable().describe('Pass as `before` for the next page; null at the end'),
    unread: z.number().int(),
  })
  .meta({ id: 'ActivityPage' });

export const ActivityQuery = z.object({
  before: noNul(z.string().max(64)).optional().describe('The `next` of the previous page'),
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE).default(ACTIVITY_PAGE),
});

export const Unread = z.object({ unread: z.number().int() }).meta({ id: 'ActivityUnread' });

export const NotificationSettings = z
  .object({
    emailAvailable: z.boolean().describe('The instance sends email (SMTP set up and not turned off)'),
    email: z.string().describe('Where emails go: the account’s address'),
    emailEvents: z.array(EventType).describe('The events emailed to you'),
  })
  .meta({ id: 'NotificationSettings' });

export const NotificationSettingsBody = z
  .object({ emailEvents: z.array(EventType).max(EVENT_TYPES.length) })
  .meta({ id: 'NotificationSettingsBody' });

const unauthorized = errorResponse('Not signed in, or the API token sent is not valid (auth.not_signed_in)');
const sessionOnly = errorResponse('Needs a signed-in session, not an API token; or a request from another site');
const rateLimited = errorResponse('Too many requests');
const notScoped = errorResponse(`Refused: ${scopeRefusal('secrets:read')}`);

export const activityRoutes = {
  listActivity: defineRoute({
    method: 'GET',
    path: '/account/activity',
    operationId: 'listActivity',
    tag: 'activity',
    access: 'user',
    scope: 'secrets:read',
    summary: 'Your events, newest first, a page at a time',
    query: ActivityQuery,
    responses: {
      200: {
        description: 'A page of events',
        schema: ActivityPage,
        example: {
          items: [
            {
              id: 'Qm9vayBvZiBldmVudHMxMg',
              type: 'secret.viewed',
              at: EXAMPLE.createdAt,
              subjectId: EXAMPLE.id,
              data: { viewsLeft: 0 },
              unread: true,
            },
          ],
          next: null,
          unread: 1,
        },
      },
      400: errorResponse('before or limit is malformed'),
      401: unauthorized,
      403: notScoped,
      429: rateLimited,
    },
  }),
  activityUnread: defineRoute({
    method: 'GET',
    path: '/account/activity/unread',
    operationId: 'countUnreadActivity',
    tag: 'activity',
    access: 'user',
    scope: 'secrets:read',
    summary: 'How many events you have not seen',
    responses: {
      200: { description: 'The count', schema: Unread },
      401: unauthorized,
      403: notScoped,
      429: rateLimited,
    },
  }),
  markActivitySeen: defineRoute({
    method: 'POST',
    path: '/account/activity/seen',
    operationId: 'markActivitySeen',
    tag: 'activity',
    access: 'user',
    scope: 'secrets:read',
    summary: 'Marks every event so far as seen',
    responses: {
      200: { description: 'None unread', schema: Unread },
      400: errorResponse('A body was sent that is not valid JSON'),
      401: unauthorized,
      403: errorResponse(
        `A cookie-authenticated request from another site (auth.cross_site), or ${scopeRefusal('secrets:read')}`,
      ),
      413: errorResponse('Body too large'),
      415: errorResponse('Body is not JSON'),
      429: rateLimited,
    },
  }),
  notificationSettings: defineRoute({
    method: 'GET',
    path: '/account/notifications',
    operationId: 'getNotificationSettings',
    tag: 'activity',
    access: 'user',
    scope: 'secrets:read',
    summary: 'Which events are emailed to you',
    responses: {
      200: { description: 'Your choices', schema: NotificationSettings },
      401: unauthorized,
      403: notScoped,
      429: rateLimited,
    },
  }),
  updateNotificationSettings: defineRoute({
    method: 'PUT',
    path: '/account/notifications',
    operationId: 'updateNotificationSettings',
    tag: 'activity',
    access: 'session',
    summary: 'Choose which events are emailed to you',
    body: NotificationSettingsBody,
    bodyExample: { emailEvents: ['secret.viewed', 'request.answered'] },
    responses: {
      200: { description: 'Your choices', schema: NotificationSettings },
      400: errorResponse('A field is invalid'),
      401: unauthorized,
      403: sessionOnly,
      413: errorResponse('Body too large'),
      415: errorResponse('Body is not JSON'),
      429: rateLimited,
    },
  }),
};
