import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/Alert';
import { Button } from '../../../../components/ui/Button';
import { LoadFailed } from '../../../../components/ui/LoadFailed';
import { Spinner } from '../../../../components/ui/Spinner';
import { errorMessage } from '../../../../lib/error-message';
import { getTwoFactor } from '../../api/two-factor';
import { useAccountResource } from '../../use-account-resource';
import { BackupCodesShown } from './BackupCodesShown';
import { DisableTotpForm } from './DisableTotpForm';
import { EnrolTotp } from './EnrolTotp';
import { RegenerateCodesForm } from './RegenerateCodesForm';

type Step = 'idle' | 'enrolling' | 'regenerating' | 'disabling';

/**
 * Two-factor codes: set up an authenticator app (QR code or key, then a first code), the ten backup codes shown
 * once, new backup codes, and turning codes off (password and a code).
 */
export function TwoFactorSection() {
  const { t } = useTranslation('account');
  const { state, retry, update } = useAccountResource(getTwoFactor);
  const [step, setStep] = useState<Step>('idle');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turnedOff, setTurnedOff] = useState(false);

  const showCodes = (backupCodes: string[]) => {
    update(() => ({ totp: true, backupCodesLeft: backupCodes.length }));
    setCodes(backupCodes);
    setStep('idle');
  };

  if (state.status === 'loading') return <Spinner label={t('twoFactor.loading')} />;
  if (state.status === 'error') {
    return (
      <LoadFailed title={t('twoFactor.loadFailed')} retryLabel={t('layout.retry')} onRetry={retry}>
        {errorMessage(t, state.error)}
      </LoadFailed>
    );
  }
  const { totp, backupCodesLeft } = state.data;

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('twoFactor.lead')}</p>
      {codes && <BackupCodesShown codes={codes} onDone={() => setCodes(null)} />}
      {turnedOff && <Alert tone="success">{t('twoFactor.turnedOff')}</Alert>}
      {!totp &&
        (step === 'enrolling' ? (
          <EnrolTotp onConfirmed={showCodes} onCancel={() => setStep('idle')} />
        ) : (
          <div className="space-y-3">
            <p className="text-sm font-medium text-slate-900 dark:text-white">{t('twoFactor.statusOff')}</p>
            <Button
              onClick={() => {
                setTurnedOff(false);
                setStep('enrolling');
              }}
            >
              {t('twoFactor.setUp')}
            </Button>
          </div>
        ))}
      {totp && !codes && (
        <div className="space-y-4">
          <p className="text-sm font-medium text-emerald-800 dark:text-emerald-300">{t('twoFactor.statusOn')}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('twoFactor.backupLeft', { count: backupCodesLeft })}
          </p>
          {step === 'regenerating' && <RegenerateCodesForm onDone={showCodes} onCancel={() => setStep('idle')} />}
          {step === 'disabling' && (
            <DisableTotpForm
              onDone={() => {
                update(() => ({ totp: false, backupCodesLeft: 0 }));
                setTurnedOff(true);
                setStep('idle');
              }}
              onCancel={() => setStep('idle')}
            />
          )}
          {step === 'idle' && (
            <div className="flex flex-wrap gap-3">
              <Button variant="secondary" onClick={() => setStep('regenerating')}>
                {t('twoFactor.regenerate')}
              </Button>
              <Button variant="dangerOutline" onClick={() => setStep('disabling')}>
                {t('twoFactor.turnOff')}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
