import { accountRoutes } from './account.contract.js';
import { adminRoutes } from './admin.contract.js';
import { analyticsRoutes } from './analytics.contract.js';
import { authRoutes } from './auth.contract.js';
import { fileRoutes } from './files.contract.js';
import { secretRoutes } from './secrets.contract.js';
import { settingsRoutes } from './settings.contract.js';

/** Every route of the public API, by name: the OpenAPI document and the contract test are built from this. */
export const apiRoutes = {
  ...secretRoutes,
  ...fileRoutes,
  ...settingsRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...adminRoutes,
  ...analyticsRoutes,
};
export type ApiRouteName = keyof typeof apiRoutes;
