import type { Transaction } from 'kysely';
import type { DB, Db } from '../../db/schema.js';
import { recordEvents } from '../events/events.repository.js';

type Executor = Db | Transaction<DB>;

/** What was added to an account while its address was unproven: a password reset removes it (issue 29.1). */
export interface Unproven {
  passkeys: number;
  identities: number;
  /** A confirmed authenticator app (with its backup codes). */
  authenticatorApp: boolean;
  webhooks: number;
  /** Open requests, which a reset closes (their answers stay). */
  requests: number;
}

export const anyUnproven = (unproven: Unproven): boolean =>
  unproven.authenticatorApp || unproven.passkeys + unproven.identities + unproven.webhooks + unproven.requests > 0;

/**
 * The account's unproven part, as a password reset hands it over: the proof of the address is the reset's link, and
 * whoever had the account before may have been someone else (sign-up never proved the address; an address change
 * is unproven until its link is opened). Credentials say themselves whether the address was proven when they were
 * added (`added_unverified`, migration 0015). Webhooks and requests count when made before the present address was
 * proven (`provenAt`; null: never): a webhook tells its URL what happens in the account, and an open request seals
 * its answers to a key pair its maker holds. Secrets, their statuses, the activity and the notification choices
 * stay: without these ways in, nobody else reaches them, and they tell the new owner what happened.
 */
function unprovenOf(executor: Executor, userId: string, provenAt: number | null, now: number) {
  const unproven = provenAt === null;
  return {
    passkeys: executor
      .selectFrom('passkeys')
      .select('id')
      .where('user_id', '=', userId)
      .where('added_unverified', '=', 1),
    identities: executor
      .selectFrom('user_identities')
      .select('id')
      .where('user_id', '=', userId)
      .where('added_unverified', '=', 1),
    authenticatorApp: executor
      .selectFrom('totp_credentials')
      .select('confirmed_at')
      .where('user_id', '=', userId)
      .where('added_unverified', '=', 1),
    webhooks: executor
      .selectFrom('webhooks')
      .select('id')
      .where('owner_id', '=', userId)
      .$if(!unproven, (query) => query.where('created_at', '<', provenAt!)),
    requests: executor
      .selectFrom('requests')
      .select('id')
      .where('owner_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .whereRef('responses_used', '<', 'max_responses')
      .$if(!unproven, (query) => query.where('created_at', '<', provenAt!)),
  };
}

/** What a reset of the account would remove now (the reset email says so beforehand). */
export async function countUnproven(
  executor: Executor,
  userId: string,
  provenAt: number | null,
  now: number,
): Promise<Unproven> {
  const queries = unprovenOf(executor, userId, provenAt, now);
  const totp = await queries.authenticatorApp.executeTakeFirst();
  return {
    passkeys: (await queries.passkeys.execute()).length,
    identities: (await queries.identities.execute()).length,
    authenticatorApp: totp !== undefined && totp.confirmed_at !== null,
    webhooks: (await queries.webhooks.execute()).length,
    requests: (await queries.requests.execute()).length,
  };
}

/** Removes the account's unproven part, in the reset's transaction; answers what went. */
export async function removeUnproven(
  trx: Transaction<DB>,
  userId: string,
  provenAt: number | null,
  now: number,
): Promise<Unproven> {
  const queries = unprovenOf(trx, userId, provenAt, now);
  const passkeys = (await queries.passkeys.execute()).map((row) => row.id);
  const identities = (await queries.identities.execute()).map((row) => row.id);
  const totp = await queries.authenticatorApp.executeTakeFirst();
  const webhooks = (await queries.webhooks.execute()).map((row) => row.id);
  const requests = (await queries.requests.execute()).map((row) => row.id);

  if (passkeys.length > 0) await trx.deleteFrom('passkeys').where('id', 'in', passkeys).execute();
  if (identities.length > 0) await trx.deleteFrom('user_identities').where('id', 'in', identities).execute();
  if (totp) {
    await trx.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('totp_credentials').where('user_id', '=', userId).execute();
  }
  if (webhooks.length > 0) {
    await trx.deleteFrom('deliveries').where('channel', '=', 'webhook').where('target', 'in', webhooks).execute();
    await trx.deleteFrom('webhooks').where('id', 'in', webhooks).execute();
  }
  if (requests.length > 0) {
    await trx.updateTable('requests').set({ revoked_at: now, ended: 1 }).where('id', 'in', requests).execute();
    await recordEvents(
      trx,
      requests.map((id) => ({ type: 'request.revoked' as const, userId, subjectId: id, at: now })),
    );
  }
  return {
    passkeys: passkeys.length,
    identities: identities.length,
    authenticatorApp: totp !== undefined && totp.confirmed_at !== null,
    webhooks: webhooks.length,
    requests: requests.length,
  };
}
