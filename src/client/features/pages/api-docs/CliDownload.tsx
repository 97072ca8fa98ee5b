import { useEffect, useId, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/CopyButton';
import { textLinkClass } from '../../../components/ui/TextLink';
import { CLI_CHECKSUM_PATH, CLI_FILE, CLI_PATH, parseChecksumLine } from '../../../../shared/rules/cli-download';

/** The file's SHA-256 as this server publishes it; `missing` when the server has no such file (no build). */
type Checksum = { status: 'loading' } | { status: 'ready'; hex: string } | { status: 'missing' } | { status: 'error' };

function useCliChecksum(): Checksum {
  const [checksum, setChecksum] = useState<Checksum>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetch(CLI_CHECKSUM_PATH, { signal: controller.signal, cache: 'no-cache' })
      .then(async (response) => {
        if (response.status === 404) return setChecksum({ status: 'missing' });
        const hex = response.ok ? parseChecksumLine(await response.text()) : null;
        setChecksum(hex ? { status: 'ready', hex } : { status: 'error' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setChecksum({ status: 'error' });
      });
    return () => controller.abort();
  }, []);
  return checksum;
}

const codeClass = 'rounded bg-slate-100 px-1 font-mono text-[0.9em] dark:bg-slate-800';
const noteClass = 'text-sm text-slate-600 dark:text-slate-400';

/** A shell command to copy: it wraps instead of scrolling, so it can be read whole on a phone. */
function Command(props: { label: string; copyLabel: string; value: string; children: ReactNode }) {
  const id = useId();
  return (
    <figure aria-labelledby={id} className="space-y-1">
      <figcaption id={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {props.label}
      </figcaption>
      <div className="flex flex-col items-start gap-2 sm:flex-row">
        <pre className="w-full min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm whitespace-pre-wrap [overflow-wrap:anywhere] dark:bg-slate-800">
          <code>{props.children}</code>
        </pre>
        <CopyButton value={props.value} label={props.copyLabel} className="shrink-0" />
      </div>
    </figure>
  );
}

/**
 * The command-line client of this very server: one command to fetch it, one to check it against the checksum the
 * server publishes. Both name this page's origin, so they fetch the CLI that matches this instance.
 */
export function CliDownload() {
  const { t } = useTranslation('pages');
  const checksum = useCliChecksum();
  const url = window.location.origin + CLI_PATH;
  const download = `curl -fsSLO ${url} && node ${CLI_FILE} --help`;

  return (
    <section
      aria-labelledby="api-cli"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="api-cli" className="text-lg font-semibold">
        {t('cliDownload.title')}
      </h2>
      <p className="leading-relaxed text-slate-700 dark:text-slate-300">{t('cliDownload.intro')}</p>
      {checksum.status === 'missing' ? (
        <p className={noteClass}>{t('cliDownload.unavailable')}</p>
      ) : (
        <>
          <Command label={t('cliDownload.downloadLabel')} copyLabel={t('cliDownload.copyDownload')} value={download}>
            {download}
          </Command>
          {checksum.status === 'ready' && (
            <>
              <Command
                label={t('cliDownload.verifyLabel')}
                copyLabel={t('cliDownload.copyVerify')}
                value={`echo "${checksum.hex}  ${CLI_FILE}" | sha256sum -c`}
              >
                {'echo "'}
                {/* 64 hex digits: the one place where a break may fall anywhere. */}
                <span className="break-all">{checksum.hex}</span>
                {`  ${CLI_FILE}" | sha256sum -c`}
              </Command>
              <p className={noteClass}>
                <Trans t={t} i18nKey="cliDownload.macos" components={{ code: <code className={codeClass} /> }} />
              </p>
            </>
          )}
          {checksum.status === 'loading' && <p className={noteClass}>{t('cliDownload.checksumLoading')}</p>}
          {checksum.status === 'error' && (
            <p className={noteClass}>
              {t('cliDownload.checksumFailed')}{' '}
              <a href={CLI_CHECKSUM_PATH} className={textLinkClass}>
                {t('cliDownload.checksumLink')}
              </a>
            </p>
          )}
          <p className="text-sm">
            <a href={CLI_PATH} download={CLI_FILE} className={textLinkClass}>
              {t('cliDownload.downloadFile', { file: CLI_FILE })}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
