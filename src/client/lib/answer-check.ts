import { apiRoutes } from '../../shared/api/index';
import type { RouteContract } from '../../shared/api/contract';

/**
 * Development and tests only (production builds resolve this module to answer-check.off.ts: vite.config.ts), so
 * bundles carry neither it nor zod: every JSON answer is checked against its route's contract, so a page that reads
 * a field the server does not send, or a test double that answers in another shape, fails at once and says where.
 */
const routes = Object.values(apiRoutes as Record<string, RouteContract>).map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+').replace(/\/$/, '/?')}$`),
}));

export class AnswerMismatch extends Error {
  override name = 'AnswerMismatch';
}

export function checkAnswer(method: string, path: string, status: number, body: unknown): void {
  const pathname = path.split('?')[0]!;
  const found = routes.find(({ route, pattern }) => route.method === method && pattern.test(pathname));
  if (!found) throw new AnswerMismatch(`${method} ${pathname} is no route of the API contracts`);
  const schema = found.route.responses[status]?.schema;
  if (!schema) throw new AnswerMismatch(`${method} ${found.route.path} does not answer ${status} in its contract`);
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new AnswerMismatch(
      `${method} ${found.route.path} ${status}: ${issue.path.join('.') || 'the body'}: ${issue.message}`,
    );
  }
}
