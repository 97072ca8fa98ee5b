import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUIRE_TWO_FACTOR, twoFactorRequiredFor, type RequireTwoFactor } from '../../../../shared/rules/two-factor';
import { Select } from '../../../components/ui/Field';
import { TextLink } from '../../../components/ui/TextLink';
import { useAccount, useSecondFactorNeeded } from '../../account';

/**
 * Who must set up a second factor before using a password session (issue 16.2): nobody, admins, or everyone. An
 * admin without a second factor, signed in with a password, is told before saving a choice that would hold them too.
 */
export function RequireTwoFactorSelect({
  value,
  hint,
  disabled,
  onChange,
}: {
  value: RequireTwoFactor;
  hint: ReactNode;
  disabled: boolean;
  onChange(value: RequireTwoFactor): void;
}) {
  const { t } = useTranslation('admin');
  const { account } = useAccount();
  const needed = useSecondFactorNeeded();
  const warn = needed === true && !disabled && twoFactorRequiredFor(value, account.role);
  return (
    <Select
      label={t('settings.fields.require_two_factor.label')}
      hint={
        <>
          {hint}
          {warn && (
            <span className="mt-1 block font-medium text-amber-800 dark:text-amber-300">
              {t('settings.fields.require_two_factor.ownMissing')}{' '}
              {/* Underlined: the sentence around it is as bold, and its colour alone does not set it apart. */}
              <TextLink to="/account/security" className="underline">
                {t('settings.fields.require_two_factor.ownMissingLink')}
              </TextLink>
            </span>
          )}
        </>
      }
      name="require_two_factor"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as RequireTwoFactor)}
    >
      {REQUIRE_TWO_FACTOR.map((choice) => (
        <option key={choice} value={choice}>
          {t(`settings.fields.require_two_factor.${choice}`)}
        </option>
      ))}
    </Select>
  );
}
