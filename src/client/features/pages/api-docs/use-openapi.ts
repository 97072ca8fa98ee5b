import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';
import { isOpenApiDocument, type OpenApiDocument } from './openapi.types';
import { resolveRefs } from './resolve-refs';

export const OPENAPI_PATH = '/openapi.json';

export type OpenApiState =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; document: OpenApiDocument };

/** Loads the server's OpenAPI document through the API client, its named schemas shown where they are used. */
export function useOpenApi(): OpenApiState & { retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<OpenApiState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    api<unknown>(OPENAPI_PATH, { signal: controller.signal }).then(
      (document) =>
        setState(
          isOpenApiDocument(document)
            ? { status: 'ready', document: resolveRefs(document) }
            : { status: 'error', error: new Error('Not an OpenAPI document') },
        ),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, retry };
}
