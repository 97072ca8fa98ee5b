import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';

/** The system share sheet, offered only where the browser has one. */
export function ShareButton({ url }: { url: string }) {
  const { t } = useTranslation('create');
  if (typeof navigator.share !== 'function') return null;
  const share = () =>
    navigator.share({ title: t('result.shareTitle'), url }).catch(() => {
      // Closing the sheet rejects too; there is nothing to report.
    });
  return (
    <Button variant="secondary" onClick={share}>
      {t('result.share')}
    </Button>
  );
}
