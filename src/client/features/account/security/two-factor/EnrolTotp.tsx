import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'react-qr-code';
import { CopyButton } from '../../../../components/ui/CopyButton';
import { confirmTotp, enrolTotp, type Enrolment } from '../../api/two-factor';
import { ProofForm } from './ProofForm';

/** The key in groups of four, as people read it off a screen into an app. */
export const keyGroups = (secret: string): string[] => secret.match(/.{1,4}/g) ?? [secret];

/**
 * Setting up an authenticator app: the password first (the server then makes a key), the key as a QR code and as
 * text, and a first code from the app to prove it holds the key. Codes are on only after that code.
 */
export function EnrolTotp({ onConfirmed, onCancel }: { onConfirmed(codes: string[]): void; onCancel(): void }) {
  const { t } = useTranslation('account');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);

  if (!enrolment) {
    return (
      <ProofForm
        fields={['currentPassword']}
        submitLabel={t('twoFactor.continue')}
        intro={<p className="text-sm text-slate-700 dark:text-slate-300">{t('twoFactor.passwordFirst')}</p>}
        onSubmit={async ({ currentPassword }) => setEnrolment(await enrolTotp(currentPassword))}
        onCancel={onCancel}
      />
    );
  }
  return (
    <div className="space-y-5">
      <ol className="list-inside list-decimal space-y-2 text-sm text-slate-700 dark:text-slate-300">
        <li>{t('twoFactor.scan')}</li>
        <li>{t('twoFactor.enterCode')}</li>
      </ol>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <div className="w-fit rounded-lg bg-white p-3 ring-1 ring-slate-200">
          <QRCode value={enrolment.uri} size={176} role="img" aria-label={t('twoFactor.qrTitle')} />
        </div>
        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-900 dark:text-white" id="totp-key-label">
            {t('twoFactor.manualKey')}
          </p>
          {/* Lines break only between the groups (a group split in two is easily typed wrong); the copy button
              copies the key without the spaces. */}
          <p
            dir="ltr"
            aria-labelledby="totp-key-label"
            className="font-mono text-base tracking-wider text-slate-900 dark:text-slate-100"
            data-testid="totp-key"
          >
            {keyGroups(enrolment.secret).map((group, index) => (
              <Fragment key={index}>
                {index > 0 && ' '}
                <span className="whitespace-nowrap">{group}</span>
              </Fragment>
            ))}
          </p>
          <CopyButton value={enrolment.secret} label={t('twoFactor.copyKey')} size="sm" />
        </div>
      </div>
      <ProofForm
        fields={['code']}
        codeHint={t('twoFactor.setupCodeHint')}
        submitLabel={t('twoFactor.confirm')}
        onSubmit={async ({ code }) => onConfirmed((await confirmTotp(code.trim())).backupCodes)}
        onCancel={onCancel}
      />
    </div>
  );
}
