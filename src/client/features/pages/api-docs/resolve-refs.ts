const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value a local JSON pointer (`#/components/schemas/SecretStatus`) points to in `root`, if any. */
function pointee(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let target: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    target = isObject(target) ? target[key] : undefined;
  }
  return target;
}

/**
 * The document with every local `$ref` replaced by what it points to (its own keywords, such as a default, kept
 * beside), so the page shows each body's fields where they are used. A reference back into itself stays as it is.
 */
export function resolveRefs<T>(document: T): T {
  const visit = (value: unknown, seen: string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => visit(item, seen));
    if (!isObject(value)) return value;
    const { $ref, ...rest } = value;
    const own = Object.fromEntries(Object.entries(rest).map(([key, item]) => [key, visit(item, seen)]));
    if (typeof $ref !== 'string' || seen.includes($ref)) return $ref === undefined ? own : { $ref, ...own };
    const target = pointee(document, $ref);
    if (!isObject(target)) return { $ref, ...own };
    return { ...(visit(target, [...seen, $ref]) as Record<string, unknown>), ...own };
  };
  return visit(document, []) as T;
}
