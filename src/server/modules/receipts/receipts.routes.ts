import type { FastifyInstance } from 'fastify';
import { receiptRoutes as api } from '../../../shared/api/receipts.contract.js';
import { addRoute } from '../../http/route.js';
import { requireUser } from '../auth/authenticate.js';
import type { ReceiptsService } from './receipts.service.js';

export function receiptsRoutes(service: ReceiptsService) {
  return async (app: FastifyInstance) => {
    addRoute(app, api.readReceipt, ({ params, body }) => service.byToken(params.id, body.deleteToken));
    addRoute(app, api.ownReceipt, ({ params, request }) => service.byOwner(params.id, requireUser(request).id));
    addRoute(app, api.endedSecrets, ({ request }) => service.ended(requireUser(request).id));
  };
}
