import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { burnSecret } from '../api/secrets.api';

type State = 'idle' | 'confirm' | 'burning' | 'failed';

/**
 * Deletes the secret now with the creator's delete token, after a confirmation; without a token, as its signed-in
 * owner (the session proves it).
 */
export function BurnSecret({
  id,
  deleteToken,
  onBurned,
}: {
  id: string;
  deleteToken?: string | undefined;
  onBurned(): void;
}) {
  const { t } = useTranslation('create');
  const [state, setState] = useState<State>('idle');
  const [error, setError] = useState<unknown>(null);
  const questionId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [moveFocus, setMoveFocus] = useState(false);
  const asked = state === 'confirm' || state === 'burning';

  // Focus follows the question: to "Yes, delete" when it appears, back to "Burn" when it is cancelled.
  useEffect(() => {
    if (moveFocus) box.current?.querySelector('button')?.focus();
  }, [moveFocus, asked]);

  const burn = async () => {
    setState('burning');
    try {
      await burnSecret(id, deleteToken ? { deleteToken } : {});
      onBurned();
    } catch (failure) {
      // Not found means it was read to the end or expired: gone either way.
      if (failure instanceof ApiError && failure.code === 'secret.not_found') return onBurned();
      setError(failure);
      setState('failed');
    }
  };

  const ask = (next: State) => {
    setState(next);
    setMoveFocus(true);
  };

  if (asked) {
    return (
      <div ref={box} role="group" aria-labelledby={questionId} className="space-y-3">
        <Alert tone="warning">
          <span id={questionId}>{t('burn.question')}</span>
        </Alert>
        <div className="flex flex-wrap gap-2">
          <Button variant="danger" busy={state === 'burning'} onClick={burn}>
            {t('burn.confirm')}
          </Button>
          <Button variant="secondary" disabled={state === 'burning'} onClick={() => ask('idle')}>
            {t('burn.cancel')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div ref={box} className="space-y-3">
      {state === 'failed' && <Alert tone="error">{errorMessage(t, error)}</Alert>}
      <Button variant="danger" onClick={() => ask('confirm')}>
        {t('burn.button')}
      </Button>
    </div>
  );
}
