import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSKEY_NAME_MAX } from '../../../../../shared/rules/passkeys';
import { Alert } from '../../../../components/ui/Alert';
import { Button } from '../../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../../components/ui/Dialog';
import { TextInput } from '../../../../components/ui/Field';
import { errorMessage } from '../../../../lib/error-message';
import { renamePasskey, type Passkey } from '../../api/passkeys';

/** A new name for a passkey: the name field has the focus, Enter saves, Escape cancels. */
export function RenamePasskeyDialog({
  passkey,
  onRenamed,
  onCancel,
}: {
  passkey: Passkey;
  onRenamed(passkey: Passkey): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('account');
  const [name, setName] = useState(passkey.name);
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setInvalid(true);
    setBusy(true);
    setFailure(null);
    try {
      onRenamed(await renamePasskey(passkey.id, name.trim()));
    } catch (error) {
      setFailure(errorMessage(t, error));
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('passkeys.renameTitle')} onCancel={() => !busy && onCancel()}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextInput
          label={t('passkeys.name')}
          maxLength={PASSKEY_NAME_MAX}
          dir="auto"
          required
          value={name}
          data-autofocus
          error={invalid ? t('passkeys.nameRequired') : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setInvalid(false);
          }}
        />
        {failure && <Alert tone="error">{failure}</Alert>}
        <DialogActions>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('passkeys.cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('passkeys.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
