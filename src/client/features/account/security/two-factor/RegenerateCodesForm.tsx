import { useTranslation } from 'react-i18next';
import { regenerateBackupCodes } from '../../api/two-factor';
import { ProofForm } from './ProofForm';

/** Ten new backup codes replace all the old ones; the password proves it is the owner. */
export function RegenerateCodesForm({ onDone, onCancel }: { onDone(codes: string[]): void; onCancel(): void }) {
  const { t } = useTranslation('account');
  return (
    <ProofForm
      fields={['currentPassword']}
      submitLabel={t('twoFactor.regenerateConfirm')}
      intro={<p className="text-sm text-slate-700 dark:text-slate-300">{t('twoFactor.regenerateBody')}</p>}
      onSubmit={async ({ currentPassword }) => onDone((await regenerateBackupCodes(currentPassword)).backupCodes)}
      onCancel={onCancel}
    />
  );
}
