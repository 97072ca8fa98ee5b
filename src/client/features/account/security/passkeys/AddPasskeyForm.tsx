import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSKEY_NAME_MAX } from '../../../../../shared/rules/passkeys';
import { Alert } from '../../../../components/ui/Alert';
import { Button } from '../../../../components/ui/Button';
import { TextInput } from '../../../../components/ui/Field';
import { passkeyFailureText } from '../../../../lib/webauthn';
import { addPasskey, type Passkey } from '../../api/passkeys';

/** A name (optional: the server calls it "Passkey N"), then the browser asks for the authenticator. */
export function AddPasskeyForm({ onAdded }: { onAdded(passkey: Passkey): void }) {
  const { t } = useTranslation('account');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const added = await addPasskey(name.trim() || undefined);
      setName('');
      onAdded(added);
    } catch (error) {
      setFailure(passkeyFailureText(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-busy={busy} aria-label={t('passkeys.addLabel')} className="space-y-4">
      <TextInput
        label={t('passkeys.name')}
        hint={t('passkeys.nameHint')}
        placeholder={t('passkeys.namePlaceholder')}
        maxLength={PASSKEY_NAME_MAX}
        dir="auto"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button type="submit" busy={busy}>
        {t('passkeys.add')}
      </Button>
    </form>
  );
}
