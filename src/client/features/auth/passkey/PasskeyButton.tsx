import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { passkeyFailureText, passkeySupportText } from '../../../lib/webauthn';
import { signinWithPasskey } from '../api/passkey-signin';
import { useSessionStore } from '../session.store';

/**
 * Signs in with a passkey and, on success, lets the login state re-read its cookie (the page then moves on). The
 * server decides whether this is a passkey alone or the second step after a password (its pending sign-in cookie).
 * A browser that cannot use passkeys gets the reason instead of the button.
 */
export function PasskeyButton({
  children,
  variant = 'secondary',
}: {
  children: ReactNode;
  variant?: 'primary' | 'secondary';
}) {
  const { t } = useTranslation('account');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const unsupported = passkeySupportText(t);
  if (unsupported) return <p className="text-sm text-slate-600 dark:text-slate-400">{unsupported}</p>;

  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await signinWithPasskey();
      useSessionStore.getState().refresh();
    } catch (error) {
      setFailure(passkeyFailureText(t, error));
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <Button variant={variant} busy={busy} onClick={start} className="w-full">
        {children}
      </Button>
      {failure && <Alert tone="error">{failure}</Alert>}
    </div>
  );
}
