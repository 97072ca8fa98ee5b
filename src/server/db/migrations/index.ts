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
};
