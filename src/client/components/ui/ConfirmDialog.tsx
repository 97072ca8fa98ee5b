import { useState, type ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { Dialog, DialogActions } from './Dialog';

/**
 * "Are you sure?" for a destructive action. Cancel has the focus first; while `onConfirm` runs both buttons wait;
 * if it throws, `errorText` says why and the dialog stays. On success the caller closes it.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  errorText,
}: {
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  onConfirm(): Promise<void>;
  onCancel(): void;
  errorText(error: unknown): string;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(errorText(error));
      setBusy(false);
    }
  };

  return (
    <Dialog title={title} onCancel={() => !busy && onCancel()}>
      <div className="text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">{children}</div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={confirm} busy={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
