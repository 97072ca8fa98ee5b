import { accountRoutes } from './account.contract.js';
import { adminRoutes } from './admin.contract.js';
import { analyticsRoutes } from './analytics.contract.js';
import { authRoutes } from './auth.contract.js';
import { fileRoutes } from './files.contract.js';
import { requestRoutes } from './requests.contract.js';
import { secretRoutes } from './secrets.contract.js';
import { settingsRoutes } from './settings.contract.js';

/** Every route of the public API, by name: the OpenAPI document and the contract test are built from this. */
export const apiRoutes = {
  ...secretRoutes,
  ...fileRoutes,
  ...requestRoutes,
  ...settingsRoutes,
  ...authRoutes,
  ...accountRoutes,
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
  { name: 'settings', description: 'The instance settings every visitor’s page needs.' },
  { name: 'authentication', description: 'Sign up, sign in and out, and the session.' },
  { name: 'account', description: 'The signed-in account: its secrets and its API tokens.' },
  { name: 'admin', description: 'Instance settings and users, for admins.' },
  { name: 'analytics', description: 'Page views, and the instance statistics for admins.' },
] as const;
