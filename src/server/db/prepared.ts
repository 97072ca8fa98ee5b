import type { CompiledQuery, Compilable, QueryResult } from 'kysely';

/**
 * Queries compiled once. Kysely compiles a query's SQL on every call, which cost an eighth of a create's time; the
 * hot path's statements are fixed in shape, so each is built once with placeholders in place of its values, its
 * SQL kept, and only the values filled in per call. The SQL text then repeats exactly, which SQLite's statement
 * cache and PostgreSQL's plan cache like too.
 */

const SLOT = Symbol('slot');
type Path = readonly (string | number)[];
interface Slot {
  [SLOT]: Path;
}

const isSlot = (value: unknown): value is Slot => typeof value === 'object' && value !== null && SLOT in value;

/**
 * The value at `path` in the call's arguments, as a placeholder: `arg<string>('id')`, `arg<string>('ids', 2)`,
 * `arg<number>('rows', 0, 'created_at')`. Typed as the value it stands for, so the query builder accepts it.
 */
export const arg = <T>(...path: Path): T => ({ [SLOT]: path }) as unknown as T;

const valueAt = (args: unknown, path: Path): unknown =>
  path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)[key], args);

/** Anything that runs compiled queries: a Kysely instance or transaction. */
interface Executor {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

export function createPreparedQueries(db: Executor) {
  const compiled = new Map<string, CompiledQuery>();
  return {
    /**
     * Runs the query `build` makes, compiled the first time `key` is seen. A key names one shape: queries whose
     * shape varies (an IN list, a multi-row insert) put the varying size in the key. `executor`: a transaction to
     * run it in (the statement compiles the same).
     */
    run<R>(key: string, build: () => Compilable<R>, args: unknown, executor: Executor = db): Promise<QueryResult<R>> {
      let query = compiled.get(key);
      if (!query) {
        query = build().compile();
        compiled.set(key, query);
      }
      const parameters = query.parameters.map((value) => (isSlot(value) ? valueAt(args, value[SLOT]) : value));
      return executor.executeQuery<R>({ ...(query as CompiledQuery<R>), parameters });
    },
    /** How many shapes are compiled (bounded by the callers' keys). */
    get size() {
      return compiled.size;
    },
  };
}

export type PreparedQueries = ReturnType<typeof createPreparedQueries>;
