import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Revealed } from '../view/view-state';
import { FileRow } from './FileRow';

/** The secret's files, each downloaded, decrypted and checked in this browser on demand. */
export function AttachedFiles({ content }: { content: Revealed }) {
  const { t } = useTranslation('view');
  // The keys were issued by the read that just happened: their lifetime is measured from now.
  const [openedAt] = useState(() => Date.now());
  const first = content.files[0];
  if (!first) return null;
  const keyMinutes = Math.max(1, Math.round((Date.parse(first.downloadExpiresAt) - openedAt) / 60_000));

  return (
    <section className="border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 className="text-base font-semibold">{t('files.title', { count: content.files.length })}</h3>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('files.hint', { count: keyMinutes })}</p>
      <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
        {content.files.map((file) => (
          <FileRow
            key={file.index}
            secretId={content.secret.id}
            file={file}
            fileKeys={content.fileKeys}
            keyMinutes={keyMinutes}
          />
        ))}
      </ul>
    </section>
  );
}
