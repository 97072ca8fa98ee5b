import type { Step } from './migration-seeds/world.js';
import { stepInitial } from './migration-seeds/0001-initial.js';
import { stepInstanceSettings } from './migration-seeds/0002-instance-settings.js';
import { stepAccounts } from './migration-seeds/0003-accounts.js';
import { stepAnalytics } from './migration-seeds/0004-analytics.js';
import { stepFiles } from './migration-seeds/0005-files.js';
import { stepAttemptReservations } from './migration-seeds/0006-attempt-reservations.js';
import { stepPurgeIndexes } from './migration-seeds/0007-purge-indexes.js';
import { stepRequests } from './migration-seeds/0008-requests.js';
import { stepReceipts } from './migration-seeds/0009-receipts.js';
import { stepTokenScopes } from './migration-seeds/0010-token-scopes.js';
import { stepTwoFactor } from './migration-seeds/0011-two-factor.js';
import { stepEmailTokens } from './migration-seeds/0012-email-tokens.js';
import { stepOidc } from './migration-seeds/0013-oidc.js';
import { stepPasskeys } from './migration-seeds/0014-passkeys.js';
import { stepAddressProof } from './migration-seeds/0015-address-proof.js';
import { stepPendingStatuses } from './migration-seeds/0016-pending-statuses.js';

export type { SeedWorld } from './migration-seeds/world.js';

/**
 * Data as each migration step left it, and how the latest app must still read it (one file per step under
 * migration-seeds/): every migration has an entry.
 */
export const SEEDS: Record<string, Step> = {
  '0001-initial': stepInitial,
  '0002-instance-settings': stepInstanceSettings,
  '0003-accounts': stepAccounts,
  '0004-analytics': stepAnalytics,
  '0005-files': stepFiles,
  '0006-attempt-reservations': stepAttemptReservations,
  '0007-purge-indexes': stepPurgeIndexes,
  '0008-requests': stepRequests,
  '0009-receipts': stepReceipts,
  '0010-token-scopes': stepTokenScopes,
  '0011-two-factor': stepTwoFactor,
  '0012-email-tokens': stepEmailTokens,
  '0013-oidc': stepOidc,
  '0014-passkeys': stepPasskeys,
  '0015-address-proof': stepAddressProof,
  '0016-pending-statuses': stepPendingStatuses,
};
