import type { EventType } from '../../../../shared/rules/events';
import { api } from '../../../lib/api-client';
import type { NotificationSettings } from './activity.types';

/** Which events are emailed to the user, where to, and whether the instance sends email at all. */
export const getNotificationSettings = (signal?: AbortSignal) =>
  api<NotificationSettings>('/account/notifications', { signal });

export const updateNotificationSettings = (emailEvents: readonly EventType[]) =>
  api<NotificationSettings>('/account/notifications', { method: 'PUT', body: { emailEvents } });
