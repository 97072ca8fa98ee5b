import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isSecretKey, parseSecretUrl } from '../../../../shared/rules/link';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/Field';
import type { RevealInput } from './use-secret-viewer';
import type { ViewState } from './view-state';

/** Accepts the bare key or a whole link that carries it. */
function keyFromInput(value: string): string | null {
  const trimmed = value.trim();
  if (isSecretKey(trimmed)) return trimmed;
  return parseSecretUrl(trimmed)?.key ?? null;
}

interface Props {
  state: Extract<ViewState, { step: 'ready' }> | { step: 'revealing' };
  linkKey: string | null;
  passwordError: { attemptsLeft: number } | null;
  keyError: boolean;
  onReveal(input: RevealInput): void;
}

export function RevealForm({ state, linkKey, passwordError, keyError, onReveal }: Props) {
  const { t } = useTranslation('view');
  const [password, setPassword] = useState('');
  const [typedKey, setTypedKey] = useState('');
  const busy = state.step === 'revealing';
  const ready = state.step === 'ready' ? state : null;
  const needsKey = !linkKey && !ready?.isPublic;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onReveal({ key: linkKey ?? keyFromInput(typedKey), password: password || null });
  };

  const status = ready?.status;
  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <p className="text-slate-700 dark:text-slate-300">
        {status && !status.preventBurn
          ? t('reveal.viewsLeft', { count: status.viewsLeft })
          : status?.preventBurn
            ? t('reveal.untilExpiry')
            : t('reveal.intro')}
      </p>
      {needsKey && (
        <TextInput
          label={t('reveal.key')}
          hint={t('reveal.keyHint')}
          value={typedKey}
          onChange={(event) => setTypedKey(event.target.value)}
          error={keyError ? t('errors.wrongKey') : undefined}
          autoComplete="off"
          spellCheck={false}
          required
        />
      )}
      {!needsKey && keyError && (
        <p className="text-sm font-medium text-red-700 dark:text-red-400">{t('errors.wrongKey')}</p>
      )}
      {ready?.needsPassword && (
        <TextInput
          label={t('reveal.password')}
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="off"
          required
          hint={
            ready.attemptsLeft !== null && !passwordError
              ? t('reveal.attemptsLeft', { count: ready.attemptsLeft })
              : undefined
          }
          error={passwordError ? t('errors.wrongPassword', { count: passwordError.attemptsLeft }) : undefined}
        />
      )}
      <Button type="submit" busy={busy} disabled={busy || (ready?.needsPassword === true && !password)}>
        {busy ? t('reveal.opening') : t('reveal.button')}
      </Button>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('reveal.note')}</p>
    </form>
  );
}
