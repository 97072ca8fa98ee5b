import type { z } from 'zod';
import type { CreateSecretBody } from '../../../shared/api/secrets.contract.js';
import type { EndReason } from '../../../shared/rules/receipts.js';
import type { StatusRecorder } from '../receipts/status-record.js';
import type { Readiness } from './secrets.files.js';
import type { Executor, SecretsRepository } from './secrets.repository.js';

/**
 * What a response to a request (modules/requests) tells its request, inside the transaction of the change: it
 * became readable (answered), or it went before it ever was (its place is given back).
 */
export interface ResponseHooks {
  answered(executor: Executor, response: { requestId: string; ownerId: string | null; at: number }): Promise<void>;
  released(executor: Executor, requestIds: readonly string[]): Promise<void>;
}

/** A response's secret: owned by the requester, living and opened as the request says. */
export interface ResponseTarget {
  requestId: string;
  ownerId: string;
  ttl: number;
  maxViews: number;
  /** The responder's ephemeral public key. */
  ephemeralKey: string;
}

export interface ResponseInput {
  text: string;
  keyProof: string;
  files: z.output<typeof CreateSecretBody>['files'];
}

/**
 * How a secret becomes readable or goes before it ever was. For a response, its request hears of it in the same
 * transaction (answered; a place given back); without hooks, no secret is a response and nothing else happens.
 */
export function createReadiness(
  repository: SecretsRepository,
  hooks: ResponseHooks | undefined,
  recorder: StatusRecorder | undefined,
) {
  return {
    /**
     * Deletes a secret; true when a row went. With an ending (a burn), its status and events are written in the same
     * transaction.
     */
    async deleteRow(id: string, ending?: { reason: EndReason; at: number }): Promise<boolean> {
      if (!hooks && !recorder) return repository.delete(id);
      return repository.transaction(async (trx) => {
        const gone = await repository.deleteReturning(id, trx);
        if (gone?.request_id && gone.ready === 0) await hooks?.released(trx, [gone.request_id]);
        if (gone && ending) await recorder?.ended(trx, [{ row: gone, ...ending }]);
        return gone !== undefined;
      });
    },

    async markReady(secret, now) {
      const { request_id: requestId } = secret;
      if (!hooks || !requestId) return repository.markReady(secret.id, now);
      return repository.transaction(async (trx) => {
        if (!(await repository.markReady(secret.id, now, trx))) return false;
        await hooks.answered(trx, { requestId, ownerId: secret.owner_id, at: now });
        return true;
      });
    },

    async deleteAbandoned(before) {
      if (!hooks) return (await repository.deleteAbandoned(before)).length;
      const gone = await repository.transaction(async (trx) => {
        const rows = await repository.deleteAbandoned(before, trx);
        await hooks.released(
          trx,
          rows.flatMap((row) => (row.request_id ? [row.request_id] : [])),
        );
        return rows;
      });
      return gone.length;
    },
  } satisfies Readiness & { deleteRow(id: string, ending?: { reason: EndReason; at: number }): Promise<boolean> };
}
