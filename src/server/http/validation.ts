import type { z } from 'zod';
import { validationError } from './errors.js';

/** Parses with a zod schema; the first problem becomes a 400 naming its field. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown, what = 'body'): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? String(issue.path[0]) : what;
  return fail(field, issue?.message ?? 'is invalid');
}

function fail(field: string, message: string): never {
  throw validationError(field, message);
}
