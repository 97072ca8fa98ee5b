import { z } from 'zod';
import { Email, Password, Role, Username } from './auth.contract.js';
import { defineRoute, errorResponse, scopeRefusal, noNul } from './contract.js';
import { EMAIL_DOMAIN, USERS_PAGE } from '../rules/account.js';
import { SETTING_NAMES } from '../rules/settings.js';
import { REQUIRE_TWO_FACTOR } from '../rules/two-factor.js';
import { InstanceSettings } from './settings.contract.js';

export const SettingName = z.enum(SETTING_NAMES);
export type SettingName = z.infer<typeof SettingName>;

/** Stored trimmed and lowercased: `Example.COM ` and `example.com` are the same restriction. */
export const OrganizationDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .refine((value) => value === '' || EMAIL_DOMAIN.test(value), 'must be a domain such as example.com, or empty');

/** The settings as stored, and which of them the server's environment pins (managed mode: read-only here). */
export const AdminSettings = InstanceSettings.extend({
  managed: z.array(SettingName).describe('Settings pinned by environment variables; PUT cannot change them'),
}).meta({ id: 'AdminSettings' });
export type AdminSettings = z.infer<typeof AdminSettings>;

/** Spec §5: the four switches are required booleans; the other two are optional. Unknown fields are refused. */
export const AdminSettingsBody = z
  .strictObject({
    disable_users: z.boolean(),
    disable_user_account_creation: z.boolean(),
    read_only: z.boolean(),
    disable_file_upload: z.boolean(),
    hide_allowed_ip_input: z.boolean().optional(),
    restrict_organization_email: OrganizationDomain.optional(),
    disable_requests: z.boolean().optional(),
    disable_webhooks: z.boolean().optional(),
    disable_email_notifications: z.boolean().optional(),
    require_two_factor: z.enum(REQUIRE_TWO_FACTOR).optional(),
  })
  .meta({ id: 'AdminSettingsBody' });
export type AdminSettingsBody = z.infer<typeof AdminSettingsBody>;

export const AdminUser = z
  .object({
    username: z.string(),
    email: z.string(),
    role: Role,
    generated: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;

const wholeNumber = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .optional()
    .transform((value) => value ?? fallback);

export const UsersQuery = z.object({
  skip: wholeNumber(0, USERS_PAGE.maxSkip, 0),
  take: wholeNumber(1, USERS_PAGE.maxTake, USERS_PAGE.defaultTake),
});
export const UsersPage = z
  .object({
    users: z.array(AdminUser).describe('Oldest first'),
    total: z.number().int(),
    skip: z.number().int(),
    take: z.number().int(),
  })
  .meta({ id: 'UsersPage' });
export type UsersPage = z.infer<typeof UsersPage>;

/** Spec §3/§9: role defaults to user, generated to true. */
export const CreateUserBody = z
  .strictObject({
    username: Username,
    password: Password,
    email: Email,
    role: Role.default('user'),
    generated: z.boolean().default(true),
  })
  .meta({ id: 'CreateUserBody' });
/** Spec §3: the user is named by username; email and role change. */
export const UpdateUserBody = z
  .strictObject({
    username: noNul(z.string().min(1, 'is required').max(254)),
    email: Email,
    role: Role,
  })
  .meta({ id: 'UpdateUserBody' });
export const DeleteUserBody = z
  .strictObject({ username: noNul(z.string().min(1, 'is required').max(254)) })
  .meta({ id: 'DeleteUserBody' });

const unauthorized = errorResponse('Not signed in, or the API token sent is not valid (auth.not_signed_in)');
const forbidden = errorResponse(
  `Only admins may call this (auth.admin_required), a request from another site, or ${scopeRefusal('admin')}`,
);
const rateLimited = errorResponse('Too many requests');
const tooLarge = errorResponse('Body too large');
const notJson = errorResponse('Body is not JSON');

export const adminRoutes = {
  adminSettings: defineRoute({
    method: 'GET',
    path: '/admin/settings',
    operationId: 'getAdminSettings',
    tag: 'admin',
    access: 'admin',
    scope: 'admin',
    summary: 'The instance settings, and which are pinned by the environment',
    responses: {
      200: { description: 'The settings', schema: AdminSettings },
      401: unauthorized,
      403: forbidden,
      429: rateLimited,
    },
  }),
  updateAdminSettings: defineRoute({
    method: 'PUT',
    path: '/admin/settings',
    operationId: 'updateAdminSettings',
    tag: 'admin',
    access: 'admin',
    scope: 'admin',
    summary: 'Change the instance settings',
    body: AdminSettingsBody,
    responses: {
      200: { description: 'The settings now in force', schema: AdminSettings },
      400: errorResponse('A field is missing, not of its type, or unknown (validation.<field>)'),
      401: unauthorized,
      403: errorResponse(
        `Not an admin, a request from another site, a setting pinned by the environment, or ${scopeRefusal('admin')}`,
      ),
      409: errorResponse(
        'A require_two_factor that would hold the password session asking for it, which has no second factor yet ' +
          '(settings.own_second_factor_missing): set one up first',
      ),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  adminUsers: defineRoute({
    method: 'GET',
    path: '/admin/users',
    operationId: 'listUsers',
    tag: 'admin',
    access: 'admin',
    scope: 'admin',
    summary: 'The users, a page at a time (skip, take)',
    query: UsersQuery,
    responses: {
      200: { description: 'A page of users and the total', schema: UsersPage },
      400: errorResponse('skip or take out of range (validation.skip, validation.take)'),
      401: unauthorized,
      403: forbidden,
      429: rateLimited,
    },
  }),
  createUser: defineRoute({
    method: 'POST',
    path: '/admin/users',
    operationId: 'createUser',
    tag: 'admin',
    access: 'admin',
    scope: 'admin',
    summary: 'Create a user (also while sign-up is disabled)',
    body: CreateUserBody,
    responses: {
      201: { description: 'The new user', schema: AdminUser },
      400: errorResponse('A field is invalid (validation.<field>)'),
      401: unauthorized,
      403: forbidden,
      409: errorResponse('The username or email is taken (auth.username_taken, auth.email_taken)'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  updateUser: defineRoute({
    method: 'PUT',
    path: '/admin/users',
    operationId: 'updateUser',
    tag: 'admin',
    access: 'admin',
    scope: 'admin',
    summary: "Change a user's email or role",
    body: UpdateUserBody,
    responses: {
      200: { description: 'The updated user', schema: AdminUser },
      400: errorResponse('A field is invalid (validation.<field>)'),
      401: unauthorized,
      403: forbidden,
      404: errorResponse('No such user (admin.user_not_found)'),
      409: errorResponse('The email is taken, or the last admin would be demoted (admin.last_admin)'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  deleteUser: defineRoute({
    method: 'DELETE',
    path: '/admin/users',
    operationId: 'deleteUser',
    tag: 'admin',
    access: 'admin',
    scope: 'admin',
    summary: 'Delete a user with their secrets, files, sessions and tokens',
    body: DeleteUserBody,
    responses: {
      200: { description: 'Deleted', schema: z.object({ deleted: z.literal(true) }) },
      400: errorResponse('A field is invalid (validation.<field>)'),
      401: unauthorized,
      403: forbidden,
      404: errorResponse('No such user (admin.user_not_found)'),
      409: errorResponse('The last admin cannot be deleted (admin.last_admin)'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
};
