import { useTranslation } from 'react-i18next';
import { ApiAliases } from './ApiAliases';
import { ApiOperation } from './ApiOperation';
import { MethodBadge } from './badges';
import { InlineCode } from './InlineCode';
import type { OpenApiDocument } from './openapi.types';
import { groupOperations, slug } from './operations';

/** Renders an OpenAPI document: overview, contents, then every operation grouped by tag. */
export function ApiDocs({ document, documentUrl }: { document: OpenApiDocument; documentUrl: string }) {
  const { t } = useTranslation('pages');
  const groups = groupOperations(document, t('apiDocs.untagged'));
  const baseUrl = document.servers?.[0]?.url;

  return (
    <div className="space-y-8">
      <section
        aria-labelledby="api-overview"
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="api-overview" className="text-lg font-semibold">
          {document.info.title}{' '}
          <span className="text-sm font-normal text-slate-500 dark:text-slate-400">
            {t('apiDocs.version', { version: document.info.version })}
          </span>
        </h2>
        {document.info.description && (
          <p className="leading-relaxed text-slate-700 dark:text-slate-300">
            <InlineCode text={document.info.description} />
          </p>
        )}
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {baseUrl && (
            <>
              <dt className="font-medium text-slate-600 dark:text-slate-400">{t('apiDocs.baseUrl')}</dt>
              <dd className="font-mono">{baseUrl}</dd>
            </>
          )}
          <ApiAliases document={document} />
          <dt className="font-medium text-slate-600 dark:text-slate-400">{t('apiDocs.document')}</dt>
          <dd>
            <a
              href={documentUrl}
              className="font-mono text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
            >
              {documentUrl}
            </a>
          </dd>
        </dl>
      </section>

      <nav aria-labelledby="api-contents" className="space-y-3">
        <h2 id="api-contents" className="text-lg font-semibold">
          {t('apiDocs.contents')}
        </h2>
        {groups.map((group) => (
          <div key={group.tag}>
            <h3 className="text-sm font-semibold text-slate-600 capitalize dark:text-slate-400">{group.tag}</h3>
            <ul className="mt-1 space-y-1">
              {group.operations.map((entry) => (
                <li key={entry.id}>
                  <a
                    href={`#${entry.id}`}
                    className="flex items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                  >
                    <MethodBadge method={entry.method} />
                    <span className="font-mono [overflow-wrap:anywhere] text-indigo-700 dark:text-indigo-300">
                      {entry.path}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>

      {groups.map((group) => (
        <section key={group.tag} aria-labelledby={`tag-${slug(group.tag)}`} className="space-y-4">
          <h2
            id={`tag-${slug(group.tag)}`}
            className="border-b border-slate-200 pb-2 text-xl font-bold capitalize dark:border-slate-800"
          >
            {group.tag}
          </h2>
          {group.description && <p className="text-slate-600 dark:text-slate-400">{group.description}</p>}
          {group.operations.map((entry) => (
            <ApiOperation key={entry.id} entry={entry} />
          ))}
        </section>
      ))}
    </div>
  );
}
