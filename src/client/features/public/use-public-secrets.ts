import { useCallback, useEffect, useState } from 'react';
import { listPublicSecrets, type PublicSecretItem } from '../secrets';

export type PublicSecretsState =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; items: PublicSecretItem[] };

/** Loads the public list (all, or one user's) and reloads it on `retry`. */
export function usePublicSecrets(username?: string): PublicSecretsState & { retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PublicSecretsState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    listPublicSecrets(username).then(
      (items) => current && setState({ status: 'ready', items }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [username, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, retry };
}
