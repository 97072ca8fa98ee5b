import type { RequireTwoFactor } from './two-factor.js';

/** Spec §3 instance settings: their names, their shape and their defaults (spec §9), free of zod for the page. */
export interface InstanceSettings {
  disable_users: boolean;
  disable_user_account_creation: boolean;
  read_only: boolean;
  disable_file_upload: boolean;
  hide_allowed_ip_input: boolean;
  /** An email domain (example.com) that every account's address must end in, or '' for any. */
  restrict_organization_email: string;
  /** Requests (issue 14) cannot be created or answered. */
  disable_requests: boolean;
  /** Webhooks (issue 15): none are delivered, and users cannot add them. */
  disable_webhooks: boolean;
  /** Notification emails (issue 15) are not sent. */
  disable_email_notifications: boolean;
  /** Who must have a second factor to use a password session (issue 16.2): off, admins or everyone. */
  require_two_factor: RequireTwoFactor;
}

export const SETTING_NAMES = [
  'disable_users',
  'disable_user_account_creation',
  'read_only',
  'disable_file_upload',
  'hide_allowed_ip_input',
  'restrict_organization_email',
  'disable_requests',
  'disable_webhooks',
  'disable_email_notifications',
  'require_two_factor',
] as const satisfies readonly (keyof InstanceSettings)[];
export type SettingName = (typeof SETTING_NAMES)[number];

export const DEFAULT_SETTINGS: InstanceSettings = {
  disable_users: false,
  disable_user_account_creation: false,
  read_only: false,
  disable_file_upload: false,
  hide_allowed_ip_input: true,
  restrict_organization_email: '',
  disable_requests: false,
  disable_webhooks: false,
  disable_email_notifications: false,
  require_two_factor: 'off',
};

/** The roles that still create secrets and requests while the instance is read-only (settings.read_only). */
export const READ_ONLY_AUTHORS: readonly string[] = ['admin', 'creator'];

/** Whether someone with this role (null: a visitor) may create on an instance with these settings. */
export const mayCreate = (settings: Pick<InstanceSettings, 'read_only'>, role: string | null | undefined) =>
  !settings.read_only || READ_ONLY_AUTHORS.includes(role ?? '');
