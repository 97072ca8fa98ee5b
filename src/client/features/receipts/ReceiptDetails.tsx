import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { useNow } from '../../lib/use-now';
import { BurnSecret } from '../secrets';
import type { Receipt } from './api/receipts.api';
import { ReceiptEvents } from './ReceiptEvents';
import { ReceiptFacts } from './ReceiptFacts';
import { ReceiptStatus } from './ReceiptStatus';

/**
 * A loaded receipt, with Burn while its secret can still be opened: with the link's delete token, or as the
 * signed-in owner when there is none (`deleteToken` null). After a burn the receipt is asked for again, and then
 * says how it ended.
 */
export function ReceiptDetails({
  receipt,
  deleteToken,
  refreshing,
  onReload,
}: {
  receipt: Receipt;
  deleteToken: string | null;
  refreshing: boolean;
  onReload(): void;
}) {
  const { t } = useTranslation('receipts');
  // Relative times count from the latest answer too, not only from the last minute's tick.
  const clock = useNow();
  const now = useMemo(() => new Date(Math.max(clock.getTime(), Date.now())), [clock, receipt]);
  const [burned, setBurned] = useState(false);
  const notice = useRef<HTMLDivElement>(null);

  // The Burn button is gone: focus goes to the message that says what happened.
  useEffect(() => {
    if (burned) notice.current?.focus();
  }, [burned]);

  const onBurned = () => {
    setBurned(true);
    onReload();
  };

  return (
    <Card className="space-y-6">
      {burned && (
        <div ref={notice} tabIndex={-1} className="rounded-lg focus:outline-none">
          <Alert tone="success">{t('burned')}</Alert>
        </div>
      )}
      <ReceiptStatus receipt={receipt} />
      <ReceiptFacts receipt={receipt} now={now} />
      <div className="border-t border-slate-200 pt-6 dark:border-slate-800">
        <ReceiptEvents receipt={receipt} />
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3 border-t border-slate-200 pt-6 dark:border-slate-800">
        <Button variant="secondary" busy={refreshing} onClick={onReload}>
          {t('refresh')}
        </Button>
        {receipt.state !== 'ended' && (
          <BurnSecret id={receipt.id} deleteToken={deleteToken ?? undefined} onBurned={onBurned} />
        )}
      </div>
    </Card>
  );
}
