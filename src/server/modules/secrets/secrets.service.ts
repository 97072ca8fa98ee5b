import type { z } from 'zod';
import type { BurnSecretBody, CreateSecretBody, ReadSecretBody } from '../../../shared/api/secrets.contract.js';
import { ACCOUNT_TTL_CHOICES, LIMITS, maxEnvelopeLength, utf8Length } from '../../../shared/rules/secrets.js';
import { ipMatches } from '../../../shared/rules/ip.js';
import { mayCreate } from '../../../shared/rules/settings.js';
import { validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { matchesHash, randomToken, sha256 } from '../../lib/tokens.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { StatsRepository } from '../stats/stats.repository.js';
import { receiptPath, type EndReason } from '../../../shared/rules/receipts.js';
import type { StatusRecorder } from '../receipts/status-record.js';
import type { Attachments } from './attachments/attachments.service.js';
import {
  attemptsBusy,
  burnForbidden,
  ipNotAllowed,
  keyInvalid,
  passwordInvalid,
  passwordRequired,
  readOnly,
  secretNotFound,
} from './secrets.errors.js';
import { createSecretFiles } from './secrets.files.js';
import { createPurge } from './secrets.purge.js';
import { iso, status, viewRecord } from './secrets.views.js';
import { createViewClaims } from './secrets.claims.js';
import { createReadiness, type ResponseHooks, type ResponseInput, type ResponseTarget } from './secrets.readiness.js';
import type { Executor, NewSecretRow, SecretRow, SecretsRepository } from './secrets.repository.js';

export type { ResponseHooks } from './secrets.readiness.js';

/** Who is asking: the client address as the server established it, and the signed-in user if any. */
export interface Caller {
  ip: string | null;
  userId: string | null;
}

export interface SecretsServiceDeps {
  repository: SecretsRepository;
  stats: StatsRepository;
  /** The secret's files: only this service calls them. */
  attachments: Attachments;
  settings: Pick<SettingsService, 'get'>;
  passwords: PasswordHasher;
  clock: Clock;
  maxTextBytes: number;
  passwordAttempts: number;
  /** Counted for the metrics: views delivered and wrong passwords. */
  counters?: { read(): void; passwordFailed(): void };
  /** Responses to requests tell their request (modules/requests); absent, no secret is a response. */
  responses?: ResponseHooks;
  /**
   * Writes each view, wrong password and ending to the secret's status and its events (modules/receipts). The
   * repository must run its `lastViews` hook (createSecretsRepository). Absent (unit tests): nothing is recorded.
   */
  recorder?: StatusRecorder;
}

type CreateInput = z.output<typeof CreateSecretBody>;
type Plan = NonNullable<Awaited<ReturnType<Attachments['plan']>>>;
type ReadInput = z.output<typeof ReadSecretBody>;
type BurnInput = z.output<typeof BurnSecretBody>;

/** Roles that may create secrets while the instance is read-only. */

const noRelease = async () => {};

const present = (value: string | null | undefined) => (value ? value : null);

export function createSecretsService(deps: SecretsServiceDeps) {
  const { repository, stats, passwords, clock, attachments } = deps;
  const { recorder } = deps;
  const { claim, failAttempt } = createViewClaims({
    repository,
    recorder,
    clock,
    burned: () => stats.increment('secrets_burned'),
    attemptsLeft: (row) => attemptsLeft(row),
  });
  const readiness = createReadiness(repository, deps.responses, recorder);
  const deleteRow = readiness.deleteRow;

  /** Deletes a secret now, and its files with it (a burn, or the last wrong password). */
  async function burnNow(id: string, reason: EndReason): Promise<boolean> {
    if (!(await deleteRow(id, { reason, at: clock() }))) return false;
    stats.increment('secrets_burned');
    await attachments.deleteForSecret(id);
    return true;
  }

  /** Stores the files of a new secret; makes it readable when none waits for an upload. Undoes the secret on failure. */
  async function attachFiles(row: NewSecretRow, plan: Plan, uploadToken: string | null, now: number) {
    try {
      await attachments.attach(row.id, row.owner_id ?? null, plan);
      if (!uploadToken)
        await readiness.markReady(
          { id: row.id, request_id: row.request_id ?? null, owner_id: row.owner_id ?? null },
          now,
        );
    } catch (error) {
      await deleteRow(row.id);
      await attachments.deleteForSecret(row.id);
      throw error;
    }
  }

  /** The new secret's id and tokens (an upload token only when files wait for their parts). */
  function newTokens(plan: Plan | null) {
    return {
      id: randomToken(16),
      deleteToken: randomToken(32),
      uploadToken: plan?.needsUpload ? randomToken(32) : null,
    };
  }

  /** Stores a new secret's files (when it has some) and answers what its creator needs. */
  async function finishCreate(row: NewSecretRow, tokens: ReturnType<typeof newTokens>, plan: Plan | null, now: number) {
    if (plan) await attachFiles(row, plan, tokens.uploadToken, now);
    const created = {
      id: row.id,
      deleteToken: tokens.deleteToken,
      expiresAt: iso(row.expires_at),
      receiptPath: receiptPath(row.id, tokens.deleteToken),
    };
    return plan && tokens.uploadToken
      ? { ...created, upload: attachments.ticket(plan, tokens.uploadToken, now) }
      : created;
  }

  function checkTextSize(text: string, isPublic: boolean): void {
    const limit = isPublic ? deps.maxTextBytes : maxEnvelopeLength(deps.maxTextBytes);
    const size = isPublic ? utf8Length(text) : text.length;
    if (size > limit) throw validationError('text', `is larger than the limit of ${deps.maxTextBytes} bytes`);
  }

  function checkCreateRules(input: CreateInput, caller: Caller): void {
    checkTextSize(input.text, input.isPublic);
    if (input.title && utf8Length(input.title) > maxEnvelopeLength(LIMITS.titleBytes)) {
      throw validationError('title', `is longer than ${LIMITS.titleBytes} bytes`);
    }
    if (input.password && input.password.length > LIMITS.passwordChars) {
      throw validationError('password', `is longer than ${LIMITS.passwordChars} characters`);
    }
    if (!caller.userId && (ACCOUNT_TTL_CHOICES as readonly number[]).includes(input.ttl)) {
      throw validationError('ttl', 'lifetimes over 7 days need an account');
    }
    // Files are checked by the attachments (plan): disable_file_upload, public secrets, the upload
    // restriction, their sizes and the limits, all before anything is stored.
  }

  /** The settings that decide who may create: read-only instances take secrets from admins and creators only. */
  async function checkCreateSettings(role: string | null): Promise<void> {
    const settings = await deps.settings.get();
    if (!mayCreate(settings, role)) throw readOnly();
  }

  const attemptsLeft = (row: SecretRow) => Math.max(0, deps.passwordAttempts - row.failed_attempts);

  function checkIp(row: SecretRow, caller: Caller): void {
    // Fail closed: an unknown caller address never matches a restriction.
    if (row.allowed_ip && !ipMatches(caller.ip, row.allowed_ip)) throw ipNotAllowed();
  }

  /**
   * Verifies the password inside the attempt budget: a place is reserved atomically before argon2 runs, so at most
   * `passwordAttempts` verifications can ever run for a secret, however many arrive together. A wrong password
   * keeps its place as a failed attempt (the last one burns the secret); a right one holds its place until `open`
   * has claimed the view, then gives it back (the returned release).
   */
  async function checkPassword(row: SecretRow, password: string | null): Promise<() => Promise<void>> {
    if (!row.password_hash) return noRelease;
    if (!password) throw passwordRequired(attemptsLeft(row), row.is_public === 1);
    if (!(await repository.reserveAttempt(row.id, deps.passwordAttempts, clock()))) {
      // Spent, or every place is held by a verification in flight: no verification runs for this request.
      throw row.failed_attempts >= deps.passwordAttempts ? secretNotFound() : attemptsBusy();
    }
    let valid: boolean;
    try {
      valid = await passwords.verify(row.password_hash, password);
    } catch (error) {
      await repository.releaseAttempt(row.id);
      throw error;
    }
    if (valid) return () => repository.releaseAttempt(row.id);
    deps.counters?.passwordFailed();
    const now = clock();
    const failed = await failAttempt(row, now);
    if (failed === undefined) throw secretNotFound();
    const left = Math.max(0, deps.passwordAttempts - failed.failed_attempts);
    if (left === 0) await burnNow(row.id, 'burned_by_attempts');
    throw passwordInvalid(left);
  }

  async function findOpenable(id: string, caller: Caller): Promise<SecretRow> {
    const row = await repository.findOpenable(id, clock());
    if (!row) throw secretNotFound();
    checkIp(row, caller);
    return row;
  }

  /** Claims a view with the download keys of the secret's files, if any; not found when another reader was first. */
  async function claimWithKeys(row: SecretRow, caller: Caller) {
    // Download keys first: if this read takes the last view, the files never lack a live key (the sweeper deletes
    // files whose secret is gone only once no key for them is live).
    const keys = row.file_count > 0 ? await attachments.issueKeys(row.id) : null;
    const claimed = await claim(row, caller);
    if (!claimed) {
      if (keys) await attachments.dropKeys(keys.hashes);
      throw secretNotFound();
    }
    return { claimed, keys };
  }

  return {
    /** `role` is the caller's (by session or API token), null for anonymous callers. */
    async create(input: CreateInput, caller: Caller, role: string | null) {
      await checkCreateSettings(role);
      checkCreateRules(input, caller);
      const plan = await attachments.plan(input.files, { userId: caller.userId, isPublic: input.isPublic });
      const now = clock();
      const tokens = newTokens(plan);
      const password = present(input.password);
      const expiresAt = now + input.ttl * 1000;
      const row: NewSecretRow = {
        id: tokens.id,
        text: input.text,
        title: present(input.title),
        max_views: input.maxViews,
        views_left: input.maxViews,
        prevent_burn: input.preventBurn ? 1 : 0,
        is_public: input.isPublic ? 1 : 0,
        expires_at: expiresAt,
        created_at: now,
        password_hash: password ? await passwords.hash(password) : null,
        key_proof_hash: input.keyProof ? sha256(input.keyProof) : null,
        delete_token_hash: sha256(tokens.deleteToken),
        allowed_ip: present(input.allowedIp),
        owner_id: caller.userId,
        creator_ip: input.isPublic ? caller.ip : null,
        // With files, it cannot be opened until they are all stored.
        ready: plan ? 0 : 1,
        file_count: plan?.files.length ?? 0,
        upload_token_hash: tokens.uploadToken && sha256(tokens.uploadToken),
      };
      await repository.insert(row);
      const created = await finishCreate(row, tokens, plan, now);
      stats.increment('secrets_created');
      return created;
    },

    /**
     * A response to a request: a secret owned by the requester, with the request's lifetime and views, its files
     * within the requester's limits. `store` writes the row in the transaction that takes the request's place (and,
     * when it is readable at once, records the answer): nothing is stored when no place is left.
     */
    async createResponse(
      input: ResponseInput,
      target: ResponseTarget,
      store: (write: (executor: Executor) => Promise<void>, ready: boolean) => Promise<void>,
    ) {
      checkTextSize(input.text, false);
      const plan = await attachments.plan(input.files, { userId: target.ownerId, isPublic: false });
      const now = clock();
      const tokens = newTokens(plan);
      const expiresAt = now + target.ttl * 1000;
      const row: NewSecretRow = {
        id: tokens.id,
        text: input.text,
        title: null,
        max_views: target.maxViews,
        views_left: target.maxViews,
        prevent_burn: 0,
        is_public: 0,
        expires_at: expiresAt,
        created_at: now,
        password_hash: null,
        key_proof_hash: sha256(input.keyProof),
        delete_token_hash: sha256(tokens.deleteToken),
        allowed_ip: null,
        owner_id: target.ownerId,
        creator_ip: null,
        ready: plan ? 0 : 1,
        file_count: plan?.files.length ?? 0,
        upload_token_hash: tokens.uploadToken && sha256(tokens.uploadToken),
        request_id: target.requestId,
        request_key: target.ephemeralKey,
      };
      await store((executor) => repository.insertWith(executor, row), row.ready === 1);
      return finishCreate(row, tokens, plan, now);
    },

    /** Side-effect free: says whether the secret can be opened and what it needs. */
    async status(id: string, caller: Caller) {
      const row = await findOpenable(id, caller);
      if (row.password_hash) {
        throw passwordRequired(attemptsLeft(row), row.is_public === 1);
      }
      return status(row);
    },

    /** IP → key proof → password → one atomic claim of a view; the last view deletes the secret. */
    async read(id: string, input: ReadInput, caller: Caller) {
      const row = await findOpenable(id, caller);
      if (row.key_proof_hash && !matchesHash(input.keyProof, row.key_proof_hash)) throw keyInvalid();
      const release = await checkPassword(row, present(input.password));
      // The verified password holds its place in the budget until the view is claimed, so no wrong password can
      // burn the secret in between.
      const { claimed, keys } = await claimWithKeys(row, caller).finally(release);
      deps.counters?.read();
      return {
        ...status(claimed),
        text: claimed.text,
        title: claimed.title,
        createdAt: iso(claimed.created_at),
        files: keys?.files ?? [],
      };
    },

    /**
     * Needs the delete token, the owner, or the key proof from an address the secret allows: never the bare id.
     */
    async burn(id: string, input: BurnInput, caller: Caller) {
      // The creator may also burn a secret whose files are still uploading (an abandoned upload, at once).
      const row = await repository.findLive(id, clock());
      if (!row) throw secretNotFound();
      const byCreator =
        matchesHash(input.deleteToken, row.delete_token_hash) ||
        (caller.userId !== null && caller.userId === row.owner_id);
      const byReader = row.ready === 1 && matchesHash(input.keyProof, row.key_proof_hash);
      if (!byCreator && row.ready !== 1) throw secretNotFound();
      if (!byCreator && byReader) checkIp(row, caller);
      if (!byCreator && !byReader) throw burnForbidden();
      if (!(await burnNow(id, byCreator ? 'burned_by_creator' : 'burned_by_reader'))) throw secretNotFound();
      return { id, burned: true as const };
    },

    async listPublic(username?: string) {
      const rows = await repository.listPublic(clock(), LIMITS.publicListSize, username);
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        username: row.username,
        createdAt: iso(row.created_at),
        expiresAt: iso(row.expires_at),
      }));
    },

    /** A user's secrets that can still be opened, newest first (spec: the account's secrets page). */
    async listOwned(userId: string) {
      const rows = await repository.listOwned(userId, clock());
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        isPublic: row.is_public === 1,
        maxViews: row.max_views,
        viewsLeft: row.views_left,
        preventBurn: row.prevent_burn === 1,
        createdAt: iso(row.created_at),
        expiresAt: iso(row.expires_at),
        ...viewRecord(row),
      }));
    },

    /** Uploads, downloads, an owner's files and the sweeper: the way to a secret's files from outside. */
    files: createSecretFiles({ repository, attachments, clock, readiness }),

    /** Deletes responses (of a deleted request) with their files. */
    async deleteResponses(ids: readonly string[]) {
      for (const id of ids) await attachments.deleteForSecret(id);
    },

    purge: createPurge({ repository, stats, clock, recorder }),
  };
}

export type SecretsService = ReturnType<typeof createSecretsService>;
