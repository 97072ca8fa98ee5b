import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useSessionGone } from '../account';
import { getOwnReceipt, readReceipt, type Receipt } from './api/receipts.api';
import type { ReceiptSource } from './receipt-source';

export type ReceiptState =
  | { step: 'loading' }
  | { step: 'incomplete' }
  | { step: 'not-found' }
  | { step: 'failed'; error: unknown }
  | { step: 'ready'; receipt: Receipt };

function stateForError(error: unknown): ReceiptState {
  // A malformed id (400) is as wrong as an unknown one.
  if (error instanceof ApiError && (error.code === 'receipt.not_found' || error.status === 400)) {
    return { step: 'not-found' };
  }
  return { step: 'failed', error };
}

/**
 * A receipt, loaded from its source, and `reload` to ask again (after a burn, or to see new views): the receipt on
 * screen stays until the new one arrives, so focus and reading place are kept. An owner whose session ended goes to
 * /signout.
 */
export function useReceipt(source: ReceiptSource | null) {
  const [state, setState] = useState<ReceiptState>({ step: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const sessionGone = useSessionGone();
  const id = source?.id;
  const deleteToken = source?.kind === 'link' ? source.deleteToken : null;

  useEffect(() => {
    if (!id) return setState({ step: 'incomplete' });
    const controller = new AbortController();
    setState((current) => (current.step === 'ready' && current.receipt.id === id ? current : { step: 'loading' }));
    setRefreshing(true);
    const load = deleteToken ? readReceipt(id, deleteToken, controller.signal) : getOwnReceipt(id, controller.signal);
    load
      .then(
        (receipt) => setState({ step: 'ready', receipt }),
        (error: unknown) => {
          if (controller.signal.aborted || sessionGone(error)) return;
          setState(stateForError(error));
        },
      )
      .finally(() => !controller.signal.aborted && setRefreshing(false));
    return () => controller.abort();
  }, [id, deleteToken, attempt, sessionGone]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, refreshing, reload };
}
