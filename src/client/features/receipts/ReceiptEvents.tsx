import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Receipt } from './api/receipts.api';
import { ExactMoment } from './Moment';

/** A titled list of moments, oldest first, or a line saying there were none. */
function Events({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="space-y-2">
      <h2 id={heading} className="text-base font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ol className="list-decimal space-y-1 ps-6 text-sm text-slate-700 marker:text-slate-500 dark:text-slate-300">
          {children}
        </ol>
      )}
    </section>
  );
}

/** Each view (with the reader's address when the instance keeps them) and each wrong password, with its time. */
export function ReceiptEvents({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('receipts');
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <Events
        title={t('views.title', { count: receipt.views.length })}
        empty={t(receipt.state === 'ended' ? 'views.neverOpened' : 'views.none')}
      >
        {receipt.views.map((view, index) => (
          <li key={index} className="[overflow-wrap:anywhere]">
            <ExactMoment at={view.at} />
            {view.ip && (
              <span className="text-slate-600 dark:text-slate-400"> · {t('views.from', { ip: view.ip })}</span>
            )}
          </li>
        ))}
      </Events>
      <Events title={t('attempts.title', { count: receipt.failedAttempts.length })} empty={t('attempts.none')}>
        {receipt.failedAttempts.map((at, index) => (
          <li key={index}>
            <ExactMoment at={at} />
          </li>
        ))}
      </Events>
    </div>
  );
}
