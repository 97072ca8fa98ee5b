import { useCallback, useEffect, useState } from 'react';
import { checkPinnedKey, RequestCryptoError } from '../../../../shared/crypto/request-keys';
import type { ParsedFillLink } from '../../../../shared/rules/requests';
import { ApiError } from '../../../lib/api-client';
import { webCryptoAvailable } from '../../secrets';
import { getRequestForm } from '../api/get-request-form';
import type { RequestForm } from '../api/requests.types';
import { openDetails } from '../request-crypto';

/** Every state of the responder's page before its form. Nothing here sends anything but the form's GET. */
export type FormState =
  | { step: 'loading' }
  | { step: 'incomplete' }
  | { step: 'no-webcrypto' }
  | { step: 'gone' }
  | { step: 'ip-forbidden' }
  | { step: 'disabled' }
  /** The server's public key is not the one the link pins: nothing may be sealed to it. */
  | { step: 'mismatch' }
  /** The details do not decrypt with the link's key. */
  | { step: 'damaged' }
  | { step: 'failed'; error: unknown }
  /** `fingerprint` is the link's, which the server's key matched. */
  | { step: 'ready'; form: RequestForm; title: string; text: string | null; fingerprint: string };

function stateForError(error: unknown): FormState {
  if (error instanceof RequestCryptoError) return { step: 'mismatch' };
  if (error instanceof ApiError) {
    if (error.code === 'secret_request.not_found') return { step: 'gone' };
    if (error.code === 'secret_request.ip_not_allowed') return { step: 'ip-forbidden' };
    if (error.code === 'secret_request.disabled') return { step: 'disabled' };
    if (error.code.startsWith('validation.')) return { step: 'incomplete' };
  }
  return { step: 'failed', error };
}

/**
 * The fill link's request: fetched, its public key checked against the link's fingerprint before anything else is
 * done with it, then its title and instructions decrypted with the link's details key.
 */
export function useRequestForm(link: ParsedFillLink | null) {
  const [state, setState] = useState<FormState>({ step: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const id = link?.id;
  const detailsKey = link?.detailsKey;
  const fingerprint = link?.fingerprint;

  useEffect(() => {
    if (!id || !detailsKey || !fingerprint) return setState({ step: 'incomplete' });
    if (!webCryptoAvailable()) return setState({ step: 'no-webcrypto' });
    const controller = new AbortController();
    setState({ step: 'loading' });
    (async () => {
      const form = await getRequestForm(id, controller.signal);
      await checkPinnedKey(form.publicKey, fingerprint);
      let details;
      try {
        details = await openDetails(detailsKey, form);
      } catch {
        return { step: 'damaged' } as const;
      }
      return { step: 'ready', form, ...details, fingerprint } as const;
    })().then(
      (next) => !controller.signal.aborted && setState(next),
      (error: unknown) => !controller.signal.aborted && setState(stateForError(error)),
    );
    return () => controller.abort();
  }, [id, detailsKey, fingerprint, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}
