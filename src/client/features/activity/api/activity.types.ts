import type { z } from 'zod';
import type {
  ActivityItem as ActivityItemSchema,
  ActivityPage as ActivityPageSchema,
  NotificationSettings as NotificationSettingsSchema,
} from '../../../../shared/api/activity.contract';

export type ActivityItem = z.output<typeof ActivityItemSchema>;
export type ActivityPage = z.output<typeof ActivityPageSchema>;
export type NotificationSettings = z.output<typeof NotificationSettingsSchema>;
