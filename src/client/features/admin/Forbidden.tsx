import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { TextLink } from '../../components/ui/TextLink';

/** What a signed-in user who is not an admin sees on an admin page (the server answers 403 to them as well). */
export function Forbidden({ title }: { title?: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-4">
      <Alert tone="warning" title={title ?? t('forbidden.title')}>
        {t('forbidden.body')}
      </Alert>
      <TextLink to="/account" className="inline-block text-sm">
        {t('forbidden.back')}
      </TextLink>
    </div>
  );
}
