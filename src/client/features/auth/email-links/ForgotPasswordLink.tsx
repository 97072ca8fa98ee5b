import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/ui/TextLink';

/** Under the sign-in form: the way to a new password (its page says when this instance cannot email one). */
export function ForgotPasswordLink() {
  const { t } = useTranslation('account');
  return (
    <p className="text-center text-sm">
      <TextLink to="/forgot-password">{t('emailLinks.forgot.link')}</TextLink>
    </p>
  );
}
