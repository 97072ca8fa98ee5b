import { useCallback, useEffect, useState } from 'react';
import { isSecretId, isSecretKey } from '../../../../shared/rules/link';
import { ApiError } from '../../../lib/api-client';
import { loadCode } from '../../../lib/load-code';
import { burnSecret, getSecretStatus, readSecret } from '../api/secrets.api';
import { CryptoFailure, webCryptoAvailable } from '../crypto/crypto-support';
import { messageFor, revealedFiles, type ViewState } from './view-state';

export interface RevealInput {
  key: string | null;
  password: string | null;
}

/**
 * The reader's side of DESIGN.md §3: a side-effect free check on load, then one read on Reveal. A wrong key is
 * refused by the key proof before a view is spent; a wrong password costs one of the attempts. The worker's client
 * and `prepare` (the page's view of the revealed secret) load when Reveal is pressed, before the read spends a view.
 */
export function useSecretViewer(id: string, prepare?: () => Promise<void>) {
  const [state, setState] = useState<ViewState>({ step: 'checking' });
  const [passwordError, setPasswordError] = useState<{ attemptsLeft: number } | null>(null);
  const [keyError, setKeyError] = useState(false);

  useEffect(() => {
    if (!isSecretId(id)) return setState({ step: 'invalid-link' });
    const controller = new AbortController();
    getSecretStatus(id, controller.signal)
      .then((status) => {
        if (!status.isPublic && !webCryptoAvailable()) return setState({ step: 'no-webcrypto' });
        setState({ step: 'ready', status, needsPassword: false, isPublic: status.isPublic, attemptsLeft: null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.code === 'secret.password_required') {
          const isPublic = error.details.isPublic === true;
          if (!isPublic && !webCryptoAvailable()) return setState({ step: 'no-webcrypto' });
          const attemptsLeft = typeof error.details.attemptsLeft === 'number' ? error.details.attemptsLeft : null;
          return setState({ step: 'ready', status: null, needsPassword: true, isPublic, attemptsLeft });
        }
        setState(stateForError(error));
      });
    return () => controller.abort();
  }, [id]);

  const reveal = useCallback(
    async (input: RevealInput) => {
      if (state.step !== 'ready') return;
      const previous = state;
      setPasswordError(null);
      setKeyError(false);
      if (!previous.isPublic && (!input.key || !isSecretKey(input.key))) return setKeyError(true);
      setState({ step: 'revealing' });
      try {
        const [crypto] = await Promise.all([
          previous.isPublic ? null : loadCode(() => import('../crypto/crypto-client')),
          prepare?.(),
        ]);
        // A public secret is plain text: no worker, no keys.
        if (!crypto) {
          const secret = await readSecret(id, { keyProof: null, password: input.password });
          return setState({
            step: 'revealed',
            content: {
              text: secret.text,
              binary: null,
              title: secret.title,
              secret,
              keyProof: null,
              files: [],
              fileKeys: null,
            },
          });
        }
        const reader = await crypto.prepareReader(input.key!, previous.needsPassword ? input.password : null);
        const secret = await readSecret(id, { keyProof: reader.keyProof, password: reader.password });
        const metas = (secret.files ?? []).map((file) => file.meta);
        const plain = await reader.open({ text: secret.text, title: secret.title, files: metas });
        const files = revealedFiles(secret.files, plain.files ?? []);
        const content = {
          text: plain.text,
          binary: plain.binary ?? null,
          title: plain.title,
          secret,
          keyProof: reader.keyProof,
        };
        setState({ step: 'revealed', content: { ...content, files, fileKeys: plain.fileKeys ?? null } });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'secret.password_invalid') {
          const attemptsLeft = Number(error.details.attemptsLeft ?? 0);
          setPasswordError({ attemptsLeft });
          return setState(attemptsLeft > 0 ? { ...previous, attemptsLeft } : { step: 'gone' });
        }
        // A key of the right length that is not valid base64url is just as wrong as a mismatching one.
        const badKey = error instanceof CryptoFailure && error.reason === 'invalid_key';
        if (badKey || (error instanceof ApiError && error.code === 'secret.key_invalid')) {
          setKeyError(true);
          return setState(previous);
        }
        setState(stateForError(error));
      }
    },
    [id, state, prepare],
  );

  const burn = useCallback(
    async (keyProof: string) => {
      await burnSecret(id, { keyProof });
    },
    [id],
  );

  return { state, reveal, burn, passwordError, keyError };
}

function stateForError(error: unknown): ViewState {
  if (error instanceof ApiError) {
    if (error.code === 'secret.not_found') return { step: 'gone' };
    if (error.code === 'secret.ip_not_allowed') return { step: 'ip-forbidden' };
    return { step: 'failed', messageKey: messageFor(error.code) };
  }
  if (error instanceof CryptoFailure) return { step: 'failed', messageKey: messageFor(error.reason) };
  return { step: 'failed', messageKey: 'errors.generic' };
}
