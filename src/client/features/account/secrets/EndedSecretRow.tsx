import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/ui/TextLink';
import { EndReason, Moment, ownReceiptPath, ViewsUsed } from '../../receipts';
import type { EndedSecret } from '../api/list-ended-secrets';
import { MetaLine } from '../MetaLine';

/** One ended secret: how and when it ended, the views it used, and its receipt. */
export function EndedSecretRow({ secret, now }: { secret: EndedSecret; now: Date }) {
  const { t } = useTranslation('account');
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between dark:border-slate-800 dark:bg-slate-900">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold text-slate-900 dark:text-white">
          {secret.endReason ? <EndReason reason={secret.endReason} /> : t('secrets.ended.title')}
        </p>
        <p className="font-mono text-xs text-slate-500 [overflow-wrap:anywhere] dark:text-slate-400">{secret.id}</p>
        <MetaLine>
          {[
            ...(secret.endedAt ? [<Moment key="ended" at={secret.endedAt} now={now} past />] : []),
            <span key="views">
              <ViewsUsed used={secret.viewsUsed} max={secret.maxViews} preventBurn={secret.preventBurn} />
            </span>,
          ]}
        </MetaLine>
      </div>
      <TextLink
        to={ownReceiptPath(secret.id)}
        aria-label={t('secrets.ended.receiptLabel', { id: secret.id })}
        className="shrink-0 self-start"
      >
        {t('secrets.receipt')}
      </TextLink>
    </li>
  );
}
