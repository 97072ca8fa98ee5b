import type { z } from 'zod';
import type { CreateRequestBody, RespondBody } from '../../../shared/api/requests.contract.js';
import { ipMatches } from '../../../shared/rules/ip.js';
import { mayCreate } from '../../../shared/rules/settings.js';
import type { RequestState } from '../../../shared/rules/requests.js';
import type { Clock } from '../../lib/clock.js';
import type { Db } from '../../db/schema.js';
import { recordEvents } from '../events/events.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { StatsRepository } from '../stats/stats.repository.js';
import type { Caller, ResponseHooks, SecretsService } from '../secrets/secrets.service.js';
import { readOnly } from '../secrets/secrets.errors.js';
import {
  requestFilesNotAllowed,
  requestIdTaken,
  requestIpNotAllowed,
  requestNotFound,
  requestsDisabled,
} from './requests.errors.js';
import type { RequestRow, RequestsRepository, RequestWithCounts } from './requests.repository.js';

type CreateInput = z.output<typeof CreateRequestBody>;
type RespondInput = z.output<typeof RespondBody>;

/** How long an inbox keeps a request that ended and has nothing left to open. */
export const ENDED_REQUEST_KEEP_MS = 30 * 86_400_000;
const LIST_LIMIT = 500;

const iso = (ms: number) => new Date(ms).toISOString();
const present = (value: string | null | undefined) => (value ? value : null);

export function stateOf(row: RequestRow, now: number): RequestState {
  if (row.revoked_at !== null) return 'revoked';
  if (row.responses_used >= row.max_responses) return 'answered';
  if (row.expires_at <= now) return 'expired';
  return 'open';
}

function summary(row: RequestWithCounts, now: number) {
  return {
    id: row.id,
    title: row.title,
    state: stateOf(row, now),
    maxResponses: row.max_responses,
    answered: row.responses_used,
    unread: row.unread,
    allowFiles: row.allow_files === 1,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
  };
}

/**
 * What a response tells its request, in the transaction of the change (secrets.service calls these): it became
 * readable (request.answered, and the stats), or it went before it ever was (its place is given back).
 */
export function responseHooks(repository: RequestsRepository, stats: StatsRepository): ResponseHooks {
  return {
    async answered(executor, { requestId, ownerId, at }) {
      await recordEvents(executor, [{ type: 'request.answered', userId: ownerId, subjectId: requestId, at }]);
      stats.increment('responses_received');
    },
    released: (executor, requestIds) => repository.givePlacesBack(executor, requestIds),
  };
}

export interface RequestsServiceDeps {
  db: Db;
  repository: RequestsRepository;
  secrets: SecretsService;
  settings: Pick<SettingsService, 'get'>;
  stats: StatsRepository;
  clock: Clock;
}

/**
 * Requests for secrets (issue 14). The server stores what the requester's browser sealed and hands it back; it
 * checks who may do what (owner, open, IP lock, files, the instance setting) and counts places exactly.
 */
export function createRequestsService(deps: RequestsServiceDeps) {
  const { db, repository, secrets, settings, stats, clock } = deps;
  const hooks = responseHooks(repository, stats);

  async function checkEnabled(): Promise<void> {
    if ((await settings.get()).disable_requests) throw requestsDisabled();
  }

  /**
   * An open request for its fill link, with its requester: 404 for every other (and for one whose account is
   * gone), then the IP lock (fail closed).
   */
  async function findOpen(id: string, caller: Caller) {
    await checkEnabled();
    const row = await repository.find(id);
    if (!row || stateOf(row, clock()) !== 'open') throw requestNotFound();
    if (row.allowed_ip && !ipMatches(caller.ip, row.allowed_ip)) throw requestIpNotAllowed();
    const owner = await repository.owner(row.owner_id);
    if (!owner) throw requestNotFound();
    return { row, owner };
  }

  async function findOwned(id: string, userId: string): Promise<RequestWithCounts> {
    const row = await repository.findOwned(id, userId, clock());
    if (!row) throw requestNotFound();
    return row;
  }

  return {
    async create(input: CreateInput, userId: string, role: string | null) {
      await checkEnabled();
      if (!mayCreate(await settings.get(), role)) throw readOnly();
      const now = clock();
      const expiresAt = now + input.ttl * 1000;
      const inserted = await db.transaction().execute(async (trx) => {
        const done = await repository.insert(trx, {
          id: input.id,
          owner_id: userId,
          title: input.title,
          text: present(input.text),
          public_key: input.publicKey,
          wrapped_key: input.wrappedKey,
          max_responses: input.maxResponses,
          response_ttl: input.responseTtl,
          response_views: input.responseViews,
          allow_files: input.allowFiles ? 1 : 0,
          allowed_ip: present(input.allowedIp),
          created_at: now,
          expires_at: expiresAt,
        });
        if (done) await recordEvents(trx, [{ type: 'request.created', userId, subjectId: input.id, at: now }]);
        return done;
      });
      if (!inserted) throw requestIdTaken();
      stats.increment('requests_created');
      return { id: input.id, expiresAt: iso(expiresAt) };
    },

    async list(userId: string) {
      const now = clock();
      return (await repository.listOwned(userId, now, LIST_LIMIT)).map((row) => summary(row, now));
    },

    async unread(userId: string) {
      return { unread: await repository.countUnread(userId, clock()) };
    },

    async detail(id: string, userId: string) {
      const row = await findOwned(id, userId);
      const now = clock();
      const responses = await repository.listResponses(id, userId, now);
      return {
        ...summary(row, now),
        text: row.text,
        publicKey: row.public_key,
        wrappedKey: row.wrapped_key,
        responseTtl: row.response_ttl,
        responseViews: row.response_views,
        allowedIp: row.allowed_ip,
        responses: responses.map((response) => ({
          id: response.id,
          ephemeralKey: response.request_key ?? '',
          createdAt: iso(response.created_at),
          expiresAt: iso(response.expires_at),
          maxViews: response.max_views,
          viewsLeft: response.views_left,
          fileCount: response.file_count,
        })),
      };
    },

    /** Closes the fill link; revoking again answers the same. */
    async revoke(id: string, userId: string) {
      const now = clock();
      await db.transaction().execute(async (trx) => {
        if (await repository.revoke(trx, id, userId, now)) {
          await recordEvents(trx, [{ type: 'request.revoked', userId, subjectId: id, at: now }]);
        }
      });
      return summary(await findOwned(id, userId), now);
    },

    async delete(id: string, userId: string) {
      const responses = await repository.delete(id, userId);
      if (!responses) throw requestNotFound();
      await secrets.deleteResponses(responses);
      return { id, deleted: true as const };
    },

    /** What the fill link's page needs; the public key is checked there against the link's fingerprint. */
    async form(id: string, caller: Caller) {
      const { row, owner } = await findOpen(id, caller);
      return {
        id: row.id,
        username: owner.username,
        title: row.title,
        text: row.text,
        publicKey: row.public_key,
        allowFiles: row.allow_files === 1,
        responseTtl: row.response_ttl,
        responseViews: row.response_views,
        expiresAt: iso(row.expires_at),
      };
    },

    /**
     * Stores a response: the checks first (open, IP, files, sizes and the requester's file limits), then one
     * transaction that takes a place and writes the response, so nothing is stored without a place and no place is
     * taken without a response.
     */
    async respond(id: string, input: RespondInput, caller: Caller) {
      const { row, owner } = await findOpen(id, caller);
      if (input.files.length > 0 && row.allow_files !== 1) throw requestFilesNotAllowed();
      // A response is a secret of the requester's: a read-only instance takes it only for an admin or a creator.
      if (!mayCreate(await settings.get(), owner.role)) throw readOnly();
      return secrets.createResponse(
        { text: input.text, keyProof: input.keyProof, files: input.files },
        {
          requestId: row.id,
          ownerId: row.owner_id,
          ttl: row.response_ttl,
          maxViews: row.response_views,
          ephemeralKey: input.ephemeralKey,
        },
        (write, ready) =>
          db.transaction().execute(async (trx) => {
            if (!(await repository.takePlace(trx, row.id, clock()))) throw requestNotFound();
            await write(trx);
            if (ready) await hooks.answered(trx, { requestId: row.id, ownerId: row.owner_id, at: clock() });
          }),
      );
    },

    /** Records request.expired once per request whose link validity passed; deletes ended requests long empty. */
    async purge() {
      const now = clock();
      await db.transaction().execute(async (trx) => {
        const ended = await repository.endExpired(trx, now);
        // A request that took all its responses ended with its last answer: only one left waiting expires.
        await recordEvents(
          trx,
          ended
            .filter((request) => request.responses_used < request.max_responses)
            .map((request) => ({
              type: 'request.expired' as const,
              userId: request.owner_id,
              subjectId: request.id,
              at: now,
            })),
        );
      });
      return repository.deleteEnded(now - ENDED_REQUEST_KEEP_MS);
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
