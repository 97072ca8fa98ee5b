/** The API's base path (the same routes also answer under API_ALIAS_BASE, for the spec's older clients). */
export const API_BASE = '/api/v1';
/** The other base every route answers under, the same way: the web app's default API host. */
export const API_ALIAS_BASE = '/api';

/** A route's path with its `{name}` segments filled in, each one URL-encoded: `/secret/{id}` → `/secret/AbC…`. */
export function routePath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}
