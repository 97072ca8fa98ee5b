import { useTranslation } from 'react-i18next';
import type { EndReason as Reason } from '../../../shared/rules/receipts';

/** How a secret ended, in a few plain words ("Ended by its last view"); `detail` says it in a sentence. */
export function EndReason({ reason, detail = false }: { reason: Reason; detail?: boolean }) {
  const { t } = useTranslation('receipts');
  return <>{t(detail ? `endDetail.${reason}` : `endReason.${reason}`)}</>;
}
