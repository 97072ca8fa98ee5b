import type { InstanceSettings } from './api/settings.contract.js';

/** Instance settings defaults (spec §9), kept free of zod so the web page can use them without the validator. */
export const DEFAULT_SETTINGS: InstanceSettings = {
  disable_users: false,
  disable_user_account_creation: false,
  read_only: false,
  disable_file_upload: false,
  hide_allowed_ip_input: true,
  restrict_organization_email: '',
};
