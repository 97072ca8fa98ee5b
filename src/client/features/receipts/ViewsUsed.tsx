import { useTranslation } from 'react-i18next';

/** "1 of 3 views used"; for a secret that burns only when it expires, "4 views, of any number until it expires". */
export function ViewsUsed({ used, max, preventBurn }: { used: number; max: number; preventBurn: boolean }) {
  const { t } = useTranslation('receipts');
  return <>{preventBurn ? t('viewsAnyNumber', { count: used }) : t('viewsUsed', { used, count: max })}</>;
}
