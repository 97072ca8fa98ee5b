import type { FastifyRequest } from 'fastify';
import '../modules/auth/authenticate.js';
import { normalizeIp } from '../../shared/rules/ip.js';
import type { Caller } from '../modules/secrets/secrets.service.js';

/**
 * The caller's address is the socket's peer, or what a trusted proxy says (Fastify's `trustProxy` is set to
 * HUSH_TRUSTED_PROXIES only, so headers from anyone else are ignored). Unknown stays null: checks fail closed.
 */
export function callerOf(request: FastifyRequest): Caller {
  const userId = request.auth && request.auth.kind !== 'anonymous' ? request.auth.user.id : null;
  return { ip: normalizeIp(request.ip), userId };
}
