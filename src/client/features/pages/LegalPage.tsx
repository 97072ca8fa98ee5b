import { useTranslation } from 'react-i18next';

export interface LegalSection {
  /** Keys: `{page}.sections.{id}.heading`, `.body`, and `.items.{item}` for each item. */
  id: string;
  items?: readonly string[];
}

/** A plain page of headed sections (privacy, terms); every text comes from the `pages` namespace. */
export function LegalPage({ page, sections }: { page: 'privacy' | 'terms'; sections: readonly LegalSection[] }) {
  const { t } = useTranslation('pages');
  const title = t(`${page}.title`);
  return (
    <article className="space-y-8" aria-labelledby={`${page}-title`}>
      <title>{`${title} · Hush`}</title>
      <header className="space-y-3">
        <h1 id={`${page}-title`} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h1>
        <p className="text-lg text-slate-700 dark:text-slate-300">{t(`${page}.intro`)}</p>
      </header>
      {sections.map(({ id, items }) => (
        <section key={id} aria-labelledby={`${page}-${id}`} className="space-y-3">
          <h2 id={`${page}-${id}`} className="text-lg font-semibold">
            {t(`${page}.sections.${id}.heading`)}
          </h2>
          <p className="leading-relaxed text-slate-700 dark:text-slate-300">{t(`${page}.sections.${id}.body`)}</p>
          {items && (
            <ul className="list-disc space-y-1.5 ps-6 leading-relaxed text-slate-700 marker:text-slate-400 dark:text-slate-300">
              {items.map((item) => (
                <li key={item}>{t(`${page}.sections.${id}.items.${item}`)}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
