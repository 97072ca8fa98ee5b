import { useTranslation } from 'react-i18next';
import { receiptPath } from '../../../../shared/rules/receipts';
import { CopyField } from './CopyField';
import { SectionHeading } from './PageHeading';

/**
 * The creator's receipt link, apart from the secret link: it carries the delete token (never the key), shows whether
 * the secret was opened and can burn it. It is kept, never sent.
 */
export function ReceiptLinkField({ id, deleteToken }: { id: string; deleteToken: string }) {
  const { t } = useTranslation('create');
  const link = window.location.origin + receiptPath(id, deleteToken);
  return (
    <section className="space-y-4 border-t border-slate-200 pt-6 dark:border-slate-800">
      <SectionHeading>{t('result.receiptTitle')}</SectionHeading>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('result.receiptHint')}</p>
      <CopyField label={t('result.receiptLink')} value={link} copyLabel={t('result.copyReceipt')} />
    </section>
  );
}
