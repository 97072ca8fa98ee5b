import { useTranslation } from 'react-i18next';
import { disableTotp } from '../../api/two-factor';
import { ProofForm } from './ProofForm';

/** Turning codes off needs the password and a code (or a backup code): a stolen session alone cannot. */
export function DisableTotpForm({ onDone, onCancel }: { onDone(): void; onCancel(): void }) {
  const { t } = useTranslation('account');
  return (
    <ProofForm
      fields={['currentPassword', 'code']}
      danger
      submitLabel={t('twoFactor.turnOffConfirm')}
      intro={<p className="text-sm text-slate-700 dark:text-slate-300">{t('twoFactor.turnOffBody')}</p>}
      onSubmit={async ({ currentPassword, code }) => {
        await disableTotp(currentPassword, code.trim());
        onDone();
      }}
      onCancel={onCancel}
    />
  );
}
