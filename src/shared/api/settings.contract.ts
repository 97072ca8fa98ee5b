import { z } from 'zod';
import type { InstanceSettings as Settings } from '../rules/settings.js';
import { REQUIRE_TWO_FACTOR } from '../rules/two-factor.js';
import { defineRoute, errorResponse } from './contract.js';

/** Instance settings (spec §3); names, shape and defaults are rules/settings.ts. */
export const InstanceSettings = z
  .object({
    disable_users: z.boolean(),
    disable_user_account_creation: z.boolean(),
    read_only: z.boolean(),
    disable_file_upload: z.boolean(),
    hide_allowed_ip_input: z.boolean(),
    restrict_organization_email: z.string(),
    disable_requests: z.boolean().describe('Requests (ask for a secret) cannot be created or answered'),
    disable_webhooks: z.boolean().describe('No webhook is delivered, and none can be added'),
    disable_email_notifications: z.boolean().describe('No notification email is sent'),
    require_two_factor: z
      .enum(REQUIRE_TWO_FACTOR)
      .describe('Who must set up a second factor before using a password session: off, admins or everyone'),
  })
  .meta({ id: 'InstanceSettings' }) satisfies z.ZodType<Settings>;
export type InstanceSettings = Settings;

/** What every visitor's page needs at start-up: the settings that shape the interface. */
export const PublicSettings = InstanceSettings;
export type PublicSettings = InstanceSettings;

export const settingsRoutes = {
  publicSettings: defineRoute({
    method: 'GET',
    path: '/settings/public',
    operationId: 'getPublicSettings',
    tag: 'settings',
    access: 'anyone',
    summary: 'The instance settings the web page needs (no authentication)',
    responses: {
      200: { description: 'The settings', schema: PublicSettings },
      401: errorResponse('The API token sent is unknown, expired or revoked (auth.not_signed_in)'),
      429: errorResponse('Too many requests'),
    },
  }),
};
