import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';

/** A load that failed: what failed, why, and a way to try again. */
export function LoadFailed({
  title,
  children,
  retryLabel,
  onRetry,
}: {
  title: ReactNode;
  children?: ReactNode;
  retryLabel: ReactNode;
  onRetry(): void;
}) {
  return (
    <div className="space-y-3">
      <Alert tone="error" title={title}>
        {children}
      </Alert>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
