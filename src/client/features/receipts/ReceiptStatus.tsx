import { useTranslation } from 'react-i18next';
import type { Receipt } from './api/receipts.api';
import { EndReason } from './EndReason';

/** The answer to "what happened?" first: open, still uploading, or how it ended, then a sentence about it. */
export function ReceiptStatus({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('receipts');
  const { endReason } = receipt;
  return (
    <div className="space-y-1">
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
        {endReason ? (
          <EndReason reason={endReason} />
        ) : (
          t(`state.${receipt.state === 'uploading' ? 'uploading' : 'open'}`)
        )}
      </h2>
      <p className="text-slate-600 dark:text-slate-400">
        {endReason ? (
          <EndReason reason={endReason} detail />
        ) : (
          t(`state.${receipt.state === 'uploading' ? 'uploadingDetail' : 'openDetail'}`)
        )}
      </p>
    </div>
  );
}
