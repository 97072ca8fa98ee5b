import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateSecretForm } from './CreateSecretForm';
import { focusHeading, PageHeading } from './PageHeading';
import { SecretResult } from './SecretResult';
import type { CreatedSecretView } from './submit-secret';

/**
 * Home: write a secret, get its link. The created secret (with its key) is held in this component's state only:
 * never logged, stored or put in the address bar. "Create new" drops it and starts over with an empty form.
 */
export default function CreateSecretPage() {
  const { t } = useTranslation('create');
  const [created, setCreated] = useState<CreatedSecretView | null>(null);
  const [restarted, setRestarted] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = `${t('page.title')} · Hush`;
  }, [t]);

  // After "Create new" the button that had focus is gone; put focus at the top of the fresh form.
  useEffect(() => {
    if (restarted && !created) focusHeading(heading.current);
  }, [restarted, created]);

  if (created) {
    const createNew = () => {
      setCreated(null);
      setRestarted(true);
    };
    return <SecretResult secret={created} onCreateNew={createNew} />;
  }
  return (
    <>
      <PageHeading headingRef={heading} title={t('page.title')} lead={t('page.lead')} />
      <CreateSecretForm onCreated={setCreated} />
    </>
  );
}
