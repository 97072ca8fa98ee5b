import { useTranslation } from 'react-i18next';
import type { OpenApiDocument, OpenApiOperation } from './openapi.types';
import { HTTP_METHODS } from './operations';

const code = 'font-mono [overflow-wrap:anywhere]';

/** Other ways to reach the same operations: the base URLs after the first, and each operation's older paths. */
export function ApiAliases({ document }: { document: OpenApiDocument }) {
  const { t } = useTranslation('pages');
  const [base, ...otherBases] = document.servers ?? [];
  const paths = Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) =>
      ((item[method] as OpenApiOperation | undefined)?.['x-aliases'] ?? []).map((alias) => ({
        alias: `${method.toUpperCase()} ${alias}`,
        of: `${method.toUpperCase()} ${path}`,
      })),
    ),
  );
  const aliases = [...(base ? otherBases.map((server) => ({ alias: server.url, of: base.url })) : []), ...paths];
  if (aliases.length === 0) return null;
  return (
    <>
      <dt className="font-medium text-slate-600 dark:text-slate-400">{t('apiDocs.aliases')}</dt>
      <dd>
        <ul className="space-y-0.5">
          {aliases.map(({ alias, of }) => (
            <li key={alias}>
              <span className={code}>{alias}</span>{' '}
              <span className="text-slate-600 dark:text-slate-400">{t('apiDocs.aliasOf')}</span>{' '}
              <span className={code}>{of}</span>
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}

/** The older paths that answer like this operation. */
export function OperationAliases({ method, operation }: { method: string; operation: OpenApiOperation }) {
  const { t } = useTranslation('pages');
  const aliases = operation['x-aliases'] ?? [];
  if (aliases.length === 0) return null;
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      {t('apiDocs.alsoAnswers')}{' '}
      {aliases.map((alias, index) => (
        <span key={alias}>
          {index > 0 && ', '}
          <code className="rounded bg-slate-100 px-1 font-mono text-[0.9em] dark:bg-slate-800">
            {method.toUpperCase()} {alias}
          </code>
        </span>
      ))}
    </p>
  );
}
