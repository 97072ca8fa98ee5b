import { EMAIL_DOMAIN } from '../../../../shared/rules/account';
import type { InstanceSettings } from '../../../../shared/rules/settings';
import type { AdminSettings, AdminSettingsUpdate, SettingName } from '../api/admin.types';

export type SwitchSetting = Exclude<SettingName, 'restrict_organization_email' | 'require_two_factor'>;
export type SettingsValues = InstanceSettings;

/** The page's groups, in the order shown. */
export const ACCOUNT_SWITCHES = ['disable_users', 'disable_user_account_creation'] as const satisfies SwitchSetting[];
export const SECRET_SWITCHES = [
  'read_only',
  'disable_file_upload',
  'hide_allowed_ip_input',
] as const satisfies SwitchSetting[];
export const REQUEST_SWITCHES = ['disable_requests'] as const satisfies SwitchSetting[];
export const NOTIFICATION_SWITCHES = [
  'disable_webhooks',
  'disable_email_notifications',
] as const satisfies SwitchSetting[];

/** Empty (any address) or a domain such as example.com; the key of the problem's text otherwise. */
export function domainError(value: string): string | undefined {
  const domain = value.trim();
  if (domain === '' || EMAIL_DOMAIN.test(domain)) return undefined;
  return domain.includes('@') ? 'validation.domainAt' : 'validation.domainInvalid';
}

/** The environment variable that pins a setting (managed mode), named as the server's configuration names it. */
export const envVariable = (name: SettingName) => `HUSH_SETTING_${name.toUpperCase()}`;

/**
 * The PUT body (spec §5): the four switches are required, so they are always sent, a managed one with the value
 * the server pinned; the optional settings are left out when managed.
 */
export function settingsUpdate(values: SettingsValues, managed: readonly SettingName[]): AdminSettingsUpdate {
  const body: AdminSettingsUpdate = {
    disable_users: values.disable_users,
    disable_user_account_creation: values.disable_user_account_creation,
    read_only: values.read_only,
    disable_file_upload: values.disable_file_upload,
  };
  if (!managed.includes('hide_allowed_ip_input')) body.hide_allowed_ip_input = values.hide_allowed_ip_input;
  for (const name of [...REQUEST_SWITCHES, ...NOTIFICATION_SWITCHES]) {
    if (!managed.includes(name)) body[name] = values[name];
  }
  if (!managed.includes('require_two_factor')) body.require_two_factor = values.require_two_factor;
  if (!managed.includes('restrict_organization_email')) {
    body.restrict_organization_email = values.restrict_organization_email.trim();
  }
  return body;
}

/** The settings without the `managed` list: what the rest of the page reads from the settings store. */
export function instanceSettings({ managed: _managed, ...settings }: AdminSettings): SettingsValues {
  return settings;
}
