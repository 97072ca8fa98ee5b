/** The API's base path (the same routes also answer under /api, for the spec's older clients). */
export const API_BASE = '/api/v1';

/** A route's path with its `{name}` segments filled in, each one URL-encoded: `/secret/{id}` → `/secret/AbC…`. */
export function routePath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}
