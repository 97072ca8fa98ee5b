import type { RouteName, Scenario } from './contract-api.js';
import { ACCOUNT_SCENARIOS } from '../modules/account/account.contract.test-utils.js';
import { PASSKEY_SCENARIOS } from '../modules/passkeys/passkeys.contract.test-utils.js';
import { ACCOUNT_EMAIL_SCENARIOS } from '../modules/account-email/account-email.contract.test-utils.js';
import { ACTIVITY_SCENARIOS } from '../modules/activity/activity.contract.test-utils.js';
import { ADMIN_SCENARIOS } from '../modules/admin/admin.contract.test-utils.js';
import { ANALYTICS_SCENARIOS } from '../modules/analytics/analytics.contract.test-utils.js';
import { AUTH_SCENARIOS } from '../modules/auth/auth.contract.test-utils.js';
import { OIDC_SCENARIOS } from '../modules/oidc/oidc.contract.test-utils.js';
import { WEBHOOK_SCENARIOS } from '../modules/delivery/webhooks.contract.test-utils.js';
import { RECEIPT_SCENARIOS } from '../modules/receipts/receipts.contract.test-utils.js';
import {
  FILE_CREATE_SCENARIOS,
  FILE_READ_SCENARIOS,
  FILE_SCENARIOS,
} from '../modules/secrets/files.contract.test-utils.js';
import { REQUEST_SCENARIOS } from '../modules/requests/requests.contract.test-utils.js';
import { READING_SCENARIOS } from '../modules/secrets/reading.contract.test-utils.js';
import { SECRET_SCENARIOS } from '../modules/secrets/secrets.contract.test-utils.js';
import { TWO_FACTOR_SCENARIOS } from '../modules/two-factor/two-factor.contract.test-utils.js';
import { TRUSTED_HEADER_SCENARIOS } from '../modules/trusted-header/trusted-header.contract.test-utils.js';

/**
 * The requests of the contract test (src/server/contract.test.ts): for every route, one scenario per status it
 * declares (each module's own, next to it: modules/<module>/<name>.contract.test-utils.ts), and odd requests whose
 * answers must still be declared ones.
 */

export { apiFor, type Api, type RouteName, type Scenario } from './contract-api.js';

export const SCENARIOS: Record<RouteName, Scenario[]> = {
  ...SECRET_SCENARIOS,
  ...READING_SCENARIOS,
  create: [...SECRET_SCENARIOS.create, ...FILE_CREATE_SCENARIOS],
  read: [...READING_SCENARIOS.read, ...FILE_READ_SCENARIOS],
  ...FILE_SCENARIOS,
  ...REQUEST_SCENARIOS,
  ...RECEIPT_SCENARIOS,
  ...AUTH_SCENARIOS,
  ...OIDC_SCENARIOS,
  ...TRUSTED_HEADER_SCENARIOS,
  ...ACCOUNT_EMAIL_SCENARIOS,
  ...ACCOUNT_SCENARIOS,
  ...TWO_FACTOR_SCENARIOS,
  ...PASSKEY_SCENARIOS,
  ...ACTIVITY_SCENARIOS,
  ...WEBHOOK_SCENARIOS,
  ...ADMIN_SCENARIOS,
  ...ANALYTICS_SCENARIOS,
};

export { ODD_REQUESTS } from './contract-odd.js';
