import type { OpenApiDocument, OpenApiOperation } from './openapi.types';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface OperationEntry {
  /** The anchor: the operationId, or `post-secret-id-burn` from method and path. */
  id: string;
  method: string;
  path: string;
  operation: OpenApiOperation;
}

export interface TagGroup {
  tag: string;
  description?: string;
  operations: OperationEntry[];
}

export const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const operationAnchor = (method: string, path: string, operationId?: string): string =>
  operationId ? slug(operationId) : slug(`${method}-${path}`);

/**
 * Operations grouped by their first tag: tags in the order the document lists them, then in order of first use;
 * within a tag, in document order. Untagged operations go under `untaggedLabel`.
 */
export function groupOperations(document: OpenApiDocument, untaggedLabel: string): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  for (const tag of document.tags ?? []) groups.set(tag.name, { ...tag, tag: tag.name, operations: [] });
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as OpenApiOperation | undefined;
      if (!operation || typeof operation !== 'object') continue;
      const tag = operation.tags?.[0] ?? untaggedLabel;
      if (!groups.has(tag)) groups.set(tag, { tag, operations: [] });
      groups.get(tag)?.operations.push({
        id: operationAnchor(method, path, operation.operationId),
        method,
        path,
        operation,
      });
    }
  }
  return [...groups.values()].filter((group) => group.operations.length > 0);
}
