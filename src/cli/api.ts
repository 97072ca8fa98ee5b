import type { z } from 'zod';
import type { ResponseContract, RouteContract } from '../shared/api/contract.js';
import { ErrorBody } from '../shared/api/contract.js';
import { API_BASE, routePath } from '../shared/rules/api-path.js';

export class CliError extends Error {}

type SuccessStatus = 200 | 201;
type SuccessResponse<R extends RouteContract> = R['responses'][Extract<keyof R['responses'], SuccessStatus>];
/** What a route answers with on success, as its contract says. */
export type Answer<R extends RouteContract> =
  SuccessResponse<R> extends { schema: z.ZodType } ? z.output<SuccessResponse<R>['schema']> : never;

interface CallInput<R extends RouteContract> {
  params?: Record<string, string>;
  body?: R['body'] extends z.ZodType ? z.input<R['body']> : never;
}

/**
 * Calls one route of a Hush server as its contract (shared/api) describes it: the path from the contract, JSON in,
 * and the answer checked against the contract's schema, so a server of another version fails with a clear message
 * instead of a wrong result. Every failure is a CliError with one line of text.
 */
export async function callRoute<R extends RouteContract>(
  server: string,
  route: R,
  input: CallInput<R> = {},
): Promise<Answer<R>> {
  const url = `${server.replace(/\/+$/, '')}${API_BASE}${routePath(route.path, input.params)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers: input.body === undefined ? {} : { 'content-type': 'application/json' },
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
    });
  } catch (error) {
    throw new CliError(`Cannot reach ${new URL(url).origin}: ${(error as Error).message}`);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const failure = ErrorBody.safeParse(json);
    throw new CliError(failure.success ? failure.data.message : `The server answered ${response.status}`);
  }
  const expected = (route.responses as Record<number, ResponseContract | undefined>)[response.status]?.schema;
  const answer = expected?.safeParse(json);
  if (!answer?.success) {
    throw new CliError(`The server's answer (${response.status}) is not what this version of hush expects`);
  }
  return answer.data as Answer<R>;
}
