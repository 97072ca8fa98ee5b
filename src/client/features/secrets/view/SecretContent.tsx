import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toBase64Url } from '../../../../shared/crypto/bytes';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { CopyButton } from '../../../components/ui/CopyButton';
import { AttachedFiles } from '../download/AttachedFiles';
import type { Revealed } from './view-state';
import { formatDateTime } from '../../../lib/format-date';
import { formatSize } from '../../../lib/format-units';

/** Standard base64 (with padding) of the text's UTF-8 bytes, for pasting into tools that expect it. */
function toBase64(text: string): string {
  const url = toBase64Url(new TextEncoder().encode(text)).replace(/-/g, '+').replace(/_/g, '/');
  return url.padEnd(Math.ceil(url.length / 4) * 4, '=');
}

/**
 * A content that is not text (its bytes are no UTF-8: a photo sent with `hush create`) is never shown: it is saved
 * as it came, as an application/octet-stream file (download-file.ts loads on the first download).
 */
async function downloadBinary(bytes: Uint8Array<ArrayBuffer> | null): Promise<void> {
  if (!bytes) return;
  const { saveFile } = await import('../download/download-file');
  saveFile(new Blob([bytes], { type: 'application/octet-stream' }), 'secret.bin');
}

export function SecretContent({ content, onBurn }: { content: Revealed; onBurn(keyProof: string): Promise<void> }) {
  const { t, i18n } = useTranslation('view');
  const heading = useRef<HTMLHeadingElement>(null);
  const [burn, setBurn] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  const { secret } = content;
  const stillThere = secret.preventBurn || secret.viewsLeft > 0;

  useEffect(() => heading.current?.focus(), []);

  const deleteNow = async () => {
    if (!content.keyProof || !window.confirm(t('content.deleteConfirm'))) return;
    setBurn('busy');
    try {
      await onBurn(content.keyProof);
      setBurn('done');
    } catch {
      setBurn('failed');
    }
  };

  return (
    <Card className="space-y-4">
      <h2 ref={heading} tabIndex={-1} dir="auto" className="text-lg font-semibold break-words outline-none">
        {content.title ?? t('content.untitled')}
      </h2>
      {content.text === null ? (
        <p>{t('content.binary', { size: formatSize(content.binary?.length ?? 0, i18n.language) })}</p>
      ) : (
        <pre
          hidden={content.text === '' && content.files.length > 0}
          data-testid="secret-text"
          dir="auto"
          className="max-h-[60vh] overflow-auto rounded-lg bg-slate-100 p-4 font-mono text-sm break-words whitespace-pre-wrap dark:bg-slate-950"
        >
          {content.text}
        </pre>
      )}
      <div className="flex flex-wrap gap-2">
        {content.text === null ? (
          <Button onClick={() => void downloadBinary(content.binary)}>{t('files.download')}</Button>
        ) : (
          <>
            <CopyButton value={content.text} label={t('content.copy')} />
            <CopyButton value={toBase64(content.text)} label={t('content.copyBase64')} />
          </>
        )}
        {stillThere && content.keyProof && burn !== 'done' && (
          <Button variant="danger" busy={burn === 'busy'} onClick={deleteNow}>
            {t('content.deleteNow')}
          </Button>
        )}
      </div>
      <AttachedFiles content={content} />
      {burn === 'done' || !stillThere ? (
        <Alert tone="success">{t('content.deleted')}</Alert>
      ) : (
        <Alert tone="info">
          {secret.preventBurn
            ? t('content.untilExpiry', { date: formatDateTime(secret.expiresAt, i18n.language) })
            : t('content.viewsLeft', { count: secret.viewsLeft })}
        </Alert>
      )}
      {burn === 'failed' && <Alert tone="error">{t('content.deleteFailed')}</Alert>}
    </Card>
  );
}
