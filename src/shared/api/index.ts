import { accountRoutes } from './account.contract.js';
import { accountEmailRoutes } from './account-email.contract.js';
import { adminRoutes } from './admin.contract.js';
import { analyticsRoutes } from './analytics.contract.js';
import { authRoutes } from './auth.contract.js';
import { oidcRoutes } from './oidc.contract.js';
import { passkeyRoutes } from './passkeys.contract.js';
import { fileRoutes } from './files.contract.js';
import { activityRoutes } from './activity.contract.js';
import { receiptRoutes } from './receipts.contract.js';
import { requestRoutes } from './requests.contract.js';
import { secretRoutes } from './secrets.contract.js';
import { sessionsRoutes } from './sessions.contract.js';
import { settingsRoutes } from './settings.contract.js';
import { trustedHeaderRoutes } from './trusted-header.contract.js';
import { twoFactorRoutes } from './two-factor.contract.js';
import { webhookApiRoutes } from './webhooks.contract.js';

/** Every route of the public API, by name: the OpenAPI document and the contract test are built from this. */
export const apiRoutes = {
  ...secretRoutes,
  ...fileRoutes,
  ...receiptRoutes,
  ...requestRoutes,
  ...settingsRoutes,
  ...authRoutes,
  ...oidcRoutes,
  ...trustedHeaderRoutes,
  ...accountEmailRoutes,
  ...accountRoutes,
  ...twoFactorRoutes,
  ...sessionsRoutes,
  ...passkeyRoutes,
  ...activityRoutes,
  ...webhookApiRoutes,
  ...adminRoutes,
  ...analyticsRoutes,
};
export type ApiRouteName = keyof typeof apiRoutes;

/** The tags of the routes, in the order the OpenAPI document (and the API docs page) lists them. */
export const API_TAGS = [
  { name: 'secrets', description: 'Create, check, open and burn secrets; the list of public secrets.' },
  {
    name: 'files',
    description: 'Encrypted file attachments: uploaded in parts after the create, downloaded with a key from a read.',
  },
  {
    name: 'requests',
    description: 'Ask for a secret: fill links anyone can answer, sealed to the requester’s key; the inbox.',
  },
  {
    name: 'receipts',
    description: 'What happened to a secret, without its content: views, wrong passwords, how it ended.',
  },
  { name: 'settings', description: 'The instance settings every visitor’s page needs.' },
  { name: 'authentication', description: 'Sign up, sign in and out, and the session.' },
  { name: 'account', description: 'The signed-in account: its secrets and its API tokens.' },
  { name: 'activity', description: 'Your events, and which of them are emailed to you.' },
  {
    name: 'webhooks',
    description: 'Signed, retried deliveries of events to your endpoints (Standard Webhooks, Slack, ntfy).',
  },
  { name: 'admin', description: 'Instance settings and users, for admins.' },
  { name: 'analytics', description: 'Page views, and the instance statistics for admins.' },
] as const;
