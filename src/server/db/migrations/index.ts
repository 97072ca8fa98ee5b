import type { Migration } from 'kysely';
import * as initial from './0001-initial.js';
import * as instanceSettings from './0002-instance-settings.js';
import * as accounts from './0003-accounts.js';
import * as analytics from './0004-analytics.js';
import * as files from './0005-files.js';
import * as attemptReservations from './0006-attempt-reservations.js';
import * as purgeIndexes from './0007-purge-indexes.js';
import * as requests from './0008-requests.js';
import * as receipts from './0009-receipts.js';
import * as tokenScopes from './0010-token-scopes.js';
import * as twoFactor from './0011-two-factor.js';
import * as emailTokens from './0012-email-tokens.js';
import * as oidc from './0013-oidc.js';
import * as passkeys from './0014-passkeys.js';
import * as addressProof from './0015-address-proof.js';
import * as pendingStatuses from './0016-pending-statuses.js';

/** Every migration, in order. Names are never changed once released. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-instance-settings': instanceSettings,
  '0003-accounts': accounts,
  '0004-analytics': analytics,
  '0005-files': files,
  '0006-attempt-reservations': attemptReservations,
  '0007-purge-indexes': purgeIndexes,
  '0008-requests': requests,
  '0009-receipts': receipts,
  '0010-token-scopes': tokenScopes,
  '0011-two-factor': twoFactor,
  '0012-email-tokens': emailTokens,
  '0013-oidc': oidc,
  '0014-passkeys': passkeys,
  '0015-address-proof': addressProof,
  '0016-pending-statuses': pendingStatuses,
};
