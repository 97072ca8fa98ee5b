import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactorMethod } from '../../../../shared/rules/two-factor';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { cx } from '../../../components/ui/cx';
import { controlClass, Field } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { signinSecondFactor } from '../api/second-factor';
import { AuthShell } from '../pages/AuthShell';
import { PasskeySecondFactor } from '../passkey/PasskeySignin';
import { useSessionStore } from '../session.store';

/**
 * The second step of a password sign-in (issue 16.2): the 6-digit code of the authenticator app, or a backup code
 * instead, or the user's passkey. The password step left a pending sign-in (5 minutes, 5 wrong codes); when it is
 * gone, the way back is the password again (`onRestart`).
 */
export function SecondFactorStep({ methods, onRestart }: { methods: SecondFactorMethod[]; onRestart(): void }) {
  const { t } = useTranslation('account');
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; expired: boolean } | null>(null);
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const codes = methods.includes('totp');

  useEffect(() => input.current?.focus(), [backup]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMissing(!code.trim());
    if (!code.trim()) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await signinSecondFactor(code.trim());
      useSessionStore.getState().refresh();
    } catch (error) {
      const expired = error instanceof ApiError && error.code === 'two_factor.pending_invalid';
      setFailure({ message: errorMessage(t, error), expired });
      setCode('');
      setBusy(false);
      input.current?.focus();
    }
  };

  const switchKind = () => {
    setBackup((value) => !value);
    setCode('');
    setFailure(null);
    setMissing(false);
  };

  const lead = !codes ? 'secondFactor.leadPasskey' : backup ? 'secondFactor.leadBackup' : 'secondFactor.lead';

  return (
    <AuthShell title={t('secondFactor.title')} lead={t(lead)}>
      <div className="space-y-5">
        {codes && (
          <form noValidate onSubmit={submit} aria-busy={busy} className="space-y-5">
            <Field
              label={t(backup ? 'secondFactor.backupLabel' : 'secondFactor.codeLabel')}
              hint={t(backup ? 'secondFactor.backupHint' : 'secondFactor.codeHint')}
              error={missing ? t(backup ? 'secondFactor.backupRequired' : 'secondFactor.codeRequired') : undefined}
            >
              {({ id, describedBy, invalid }) => (
                <input
                  ref={input}
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  className={cx(controlClass, 'font-mono tracking-widest')}
                  name="code"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  autoComplete={backup ? 'off' : 'one-time-code'}
                  inputMode={backup ? 'text' : 'numeric'}
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={backup ? 32 : 6}
                  required
                />
              )}
            </Field>
            {failure && (
              <Alert tone="error" title={t('secondFactor.failedTitle')}>
                {failure.message}
              </Alert>
            )}
            <Button type="submit" busy={busy} className="w-full">
              {t('secondFactor.submit')}
            </Button>
            <Button variant="ghost" onClick={switchKind} className="w-full">
              {t(backup ? 'secondFactor.useCode' : 'secondFactor.useBackup')}
            </Button>
          </form>
        )}
        {methods.includes('passkey') && <PasskeySecondFactor />}
        {(failure?.expired || !codes) && (
          <Button variant="secondary" onClick={onRestart} className="w-full">
            {t('secondFactor.restart')}
          </Button>
        )}
        {codes && !failure?.expired && (
          <Button variant="ghost" size="sm" onClick={onRestart} className="w-full">
            {t('secondFactor.cancel')}
          </Button>
        )}
      </div>
    </AuthShell>
  );
}
