import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Receipt } from './api/receipts.api';
import { Moment } from './Moment';
import { ViewsUsed } from './ViewsUsed';

/** One fact: its name above its value on a phone, beside it from `sm` up. */
function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="sm:grid sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-medium text-slate-900 dark:text-white">{name}</dt>
      <dd className="text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">{children}</dd>
    </div>
  );
}

/** What a receipt says about its secret: which one (its id), times and views used; once it ended, when, and until when this is kept. */
export function ReceiptFacts({ receipt, now }: { receipt: Receipt; now: Date }) {
  const { t } = useTranslation('receipts');
  return (
    <dl className="space-y-3 text-sm">
      <Fact name={t('facts.secret')}>
        <span className="font-mono text-xs break-all">{receipt.id}</span>
      </Fact>
      <Fact name={t('facts.created')}>
        <Moment at={receipt.createdAt} now={now} past />
      </Fact>
      {receipt.state !== 'ended' && (
        <Fact name={t('facts.expires')}>
          <Moment at={receipt.expiresAt} now={now} />
        </Fact>
      )}
      <Fact name={t('facts.views')}>
        <ViewsUsed used={receipt.viewsUsed} max={receipt.maxViews} preventBurn={receipt.preventBurn} />
      </Fact>
      {receipt.fileCount > 0 && (
        <Fact name={t('facts.files')}>{t('facts.fileCount', { count: receipt.fileCount })}</Fact>
      )}
      {receipt.isPublic && <Fact name={t('facts.visibility')}>{t('facts.public')}</Fact>}
      {receipt.endedAt && (
        <Fact name={t('facts.ended')}>
          <Moment at={receipt.endedAt} now={now} past />
        </Fact>
      )}
      {receipt.keptUntil && (
        <Fact name={t('facts.keptUntil')}>
          <Moment at={receipt.keptUntil} now={now} />
          <span className="block text-slate-600 dark:text-slate-400">{t('facts.keptUntilNote')}</span>
        </Fact>
      )}
    </dl>
  );
}
