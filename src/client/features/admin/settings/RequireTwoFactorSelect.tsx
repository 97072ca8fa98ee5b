import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUIRE_TWO_FACTOR, type RequireTwoFactor } from '../../../../shared/rules/two-factor';
import { Select } from '../../../components/ui/Field';

/** Who must set up a second factor before using a password session (issue 16.2): nobody, admins, or everyone. */
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
  return (
    <Select
      label={t('settings.fields.require_two_factor.label')}
      hint={hint}
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
