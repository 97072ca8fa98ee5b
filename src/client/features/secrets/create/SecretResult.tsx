import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { buildSecretUrl } from '../../../../shared/rules/link';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { cx } from '../../../components/ui/cx';
import { BurnSecret } from './BurnSecret';
import { CopyField } from './CopyField';
import { formatDateTime } from '../../../lib/format-date';
import { focusHeading, PageHeading, SectionHeading } from './PageHeading';
import { ReceiptLinkField } from './ReceiptLinkField';
import { ResultFiles } from './ResultFiles';
import { SecretQrCode } from './SecretQrCode';
import { ShareButton } from './ShareButton';
import type { CreatedSecretView } from '../model';

/** The link, shown once: the key lives only here and in the link's fragment. */
export function SecretResult({ secret, onCreateNew }: { secret: CreatedSecretView; onCreateNew(): void }) {
  const { t, i18n } = useTranslation('create');
  const heading = useRef<HTMLHeadingElement>(null);
  const [burned, setBurned] = useState(false);
  const origin = window.location.origin;
  const link = buildSecretUrl(origin, secret.id, secret.key);
  const expires = formatDateTime(secret.expiresAt, i18n.language);

  useEffect(() => focusHeading(heading.current), [burned]);

  // The expiry sits inside the sentence as a <time> element, in the reader's language and format.
  const reach = (
    <Trans
      t={t}
      i18nKey={secret.preventBurn ? 'result.untilExpiry' : 'result.views'}
      count={secret.maxViews}
      values={{ date: expires }}
      components={{ time: <time dateTime={secret.expiresAt} /> }}
    />
  );

  return (
    <>
      <PageHeading
        headingRef={heading}
        title={burned ? t('result.burnedTitle') : t('result.title')}
        lead={burned ? undefined : reach}
      />
      <Card className="space-y-6">
        {burned ? (
          <Alert tone="success">{t('result.burned')}</Alert>
        ) : (
          <>
            {secret.isPublic && <Alert tone="warning">{t('result.publicNote')}</Alert>}
            <div className="grid gap-6 md:grid-cols-[1fr_auto]">
              <div className="min-w-0 space-y-4">
                <CopyField label={t('result.link')} value={link} copyLabel={t('result.copyLink')} />
                <ShareButton url={link} />
              </div>
              <SecretQrCode url={link} />
            </div>
            {/* The reader needs the password as well as the link; a generated one is easy to lose. */}
            {secret.password && (
              <div className="space-y-3">
                <Alert tone="warning" title={t('result.passwordTitle')}>
                  {t('result.passwordHint')}
                </Alert>
                <CopyField
                  label={t('password.label')}
                  value={secret.password}
                  copyLabel={t('password.copy')}
                  dir="auto"
                />
              </div>
            )}
            {secret.files && secret.files.length > 0 && <ResultFiles files={secret.files} />}
            {secret.key && (
              <section className="space-y-4 border-t border-slate-200 pt-6 dark:border-slate-800">
                <SectionHeading>{t('result.splitTitle')}</SectionHeading>
                <p className="text-sm text-slate-600 dark:text-slate-400">{t('result.splitHint')}</p>
                <CopyField
                  label={t('result.linkWithoutKey')}
                  value={buildSecretUrl(origin, secret.id)}
                  copyLabel={t('result.copyLink')}
                />
                <CopyField label={t('result.key')} value={secret.key} copyLabel={t('result.copyKey')} />
              </section>
            )}
            <ReceiptLinkField id={secret.id} deleteToken={secret.deleteToken} />
          </>
        )}
        <div
          className={cx(
            'flex flex-wrap items-start justify-between gap-3',
            !burned && 'border-t border-slate-200 pt-6 dark:border-slate-800',
          )}
        >
          <Button onClick={onCreateNew}>{t('result.createNew')}</Button>
          {!burned && <BurnSecret id={secret.id} deleteToken={secret.deleteToken} onBurned={() => setBurned(true)} />}
        </div>
      </Card>
    </>
  );
}
