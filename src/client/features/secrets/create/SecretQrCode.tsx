import QRCode from 'react-qr-code';
import { useTranslation } from 'react-i18next';

/**
 * A link as a QR code (the secret link unless told otherwise). Dark modules on white in both themes: scanners need
 * the contrast.
 */
export function SecretQrCode({ url, label, caption }: { url: string; label?: string; caption?: string }) {
  const { t } = useTranslation('create');
  return (
    <figure className="flex flex-col items-center gap-2">
      <div className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700">
        <QRCode
          value={url}
          size={176}
          level="M"
          role="img"
          aria-label={label ?? t('result.qrLabel')}
          className="size-44"
        />
      </div>
      <figcaption className="max-w-48 text-center text-xs text-slate-600 dark:text-slate-400">
        {caption ?? t('result.qrCaption')}
      </figcaption>
    </figure>
  );
}
