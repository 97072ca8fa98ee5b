import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RouteContract } from '../../shared/api/contract.js';
import type { RouteScope } from '../../shared/rules/tokens.js';
import { parseInput } from './validation.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's `scope`: enforced for API tokens by the authentication hook (modules/auth/authenticate.ts). */
    tokenScope?: RouteScope;
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<C extends RouteContract> {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The success status a handler chose over its contract's first (see answerWith). */
const chosenStatus = new WeakMap<FastifyReply, number>();

/**
 * A route whose contract lists more than one success answers with this one instead of the first (sign-up: 201
 * signed in, or 202 when its link is emailed).
 */
export function answerWith(reply: FastifyReply, status: number): void {
  chosenStatus.set(reply, status);
}

/** `/secret/{id}` → `/secret/:id` */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Registers a route from its contract: the path and method come from the contract, and params, query and body
 * are parsed with its schemas, so the code cannot drift from the published API. The scope an API token needs goes
 * along as the route's config, for the authentication hook. Its aliases (older paths) answer with the same handler.
 */
export function addRoute<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: (input: RouteInput<C>) => Promise<unknown>,
  status = Number(Object.keys(contract.responses)[0]),
  /** Fastify's route config, e.g. a route's own rate limit. */
  config?: Record<string, unknown>,
): void {
  const routeConfig = { ...config, ...(contract.scope && { tokenScope: contract.scope }) };
  const route = {
    method: contract.method,
    ...(Object.keys(routeConfig).length > 0 && { config: routeConfig }),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const input = {
        params: contract.params ? parseInput(contract.params, request.params, 'params') : undefined,
        query: contract.query ? parseInput(contract.query, request.query, 'query') : undefined,
        body:
          contract.body && contract.body !== 'binary'
            ? parseInput(contract.body, request.body ?? undefined)
            : undefined,
        request,
        reply,
      } as RouteInput<C>;
      const result = await handler(input);
      return reply.status(chosenStatus.get(reply) ?? status).send(result);
    },
  };
  for (const path of [contract.path, ...(contract.aliases ?? [])]) app.route({ ...route, url: fastifyPath(path) });
}
