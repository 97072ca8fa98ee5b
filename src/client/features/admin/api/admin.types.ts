import type { z } from 'zod';
import type {
  AdminSettings as AdminSettingsSchema,
  AdminSettingsBody,
  AdminUser as AdminUserSchema,
  CreateUserBody,
  SettingName as SettingNameSchema,
  UpdateUserBody,
  UsersPage as UsersPageSchema,
} from '../../../../shared/api/admin.contract';
import type {
  DailyAnalytics as DailyAnalyticsSchema,
  Stats as StatsSchema,
} from '../../../../shared/api/analytics.contract';

export type AdminSettings = z.output<typeof AdminSettingsSchema>;
export type AdminSettingsUpdate = z.input<typeof AdminSettingsBody>;
export type SettingName = z.output<typeof SettingNameSchema>;
export type AdminUser = z.output<typeof AdminUserSchema>;
export type UsersPage = z.output<typeof UsersPageSchema>;
export type NewUser = z.input<typeof CreateUserBody>;
export type UserUpdate = z.input<typeof UpdateUserBody>;
export type DailyAnalytics = z.output<typeof DailyAnalyticsSchema>;
export type Stats = z.output<typeof StatsSchema>;
