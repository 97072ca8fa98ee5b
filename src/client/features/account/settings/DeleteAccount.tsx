import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { TextInput } from '../../../components/ui/Field';
import { failureOutcome } from '../../auth';
import { useCredentialsForm } from '../../auth';
import type { SignoutReason } from '../../auth';
import { deleteAccount } from '../api/delete-account';

/** The danger zone: deleting the account asks, in a dialog, for the current password. */
export function DeleteAccount() {
  const { t } = useTranslation('account');
  const [asking, setAsking] = useState(false);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('settings.delete.body')}</p>
      <Button variant="danger" onClick={() => setAsking(true)}>
        {t('settings.delete.button')}
      </Button>
      {asking && <DeleteAccountDialog onCancel={() => setAsking(false)} />}
    </div>
  );
}

function DeleteAccountDialog({ onCancel }: { onCancel(): void }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const form = useCredentialsForm<'currentPassword'>(
    { currentPassword: '' },
    (values) => (values.currentPassword === '' ? { currentPassword: 'validation.currentPasswordRequired' } : {}),
    async ({ currentPassword }) => {
      try {
        await deleteAccount(currentPassword);
        // The server cleared the cookies; the sign-out page forgets the login state and says what happened.
        void navigate('/signout', { replace: true, state: { reason: 'deleted' satisfies SignoutReason } });
        return null;
      } catch (error) {
        return failureOutcome(t, error, ['currentPassword'] as const);
      }
    },
  );
  return (
    <Dialog title={t('settings.delete.dialogTitle')} onCancel={() => !form.busy && onCancel()}>
      <form ref={form.container} noValidate onSubmit={form.onSubmit} className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('settings.delete.dialogBody')}</p>
        <TextInput
          label={t('settings.delete.password')}
          type="password"
          autoComplete="current-password"
          required
          {...form.text('currentPassword', (key) => t(key))}
        />
        {form.failure && <Alert tone="error">{form.failure}</Alert>}
        <DialogActions>
          <Button variant="secondary" onClick={onCancel} disabled={form.busy}>
            {t('settings.delete.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={form.busy}>
            {t('settings.delete.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
