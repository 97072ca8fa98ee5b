import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { mayCreate } from '../../../../shared/rules/settings';
import { getAccount } from '../../account';
import { useSessionStore } from '../../auth';
import { useSettingsStore } from '../../settings';
import { loadCode } from '../../../lib/load-code';
import { CreateSecretForm } from './CreateSecretForm';
import { focusHeading, PageHeading } from './PageHeading';
import type { SecretResult as ResultView } from './SecretResult';
import type { CreatedSecretView } from '../model';

/**
 * The result (link, QR code, the sentence with its <time>) is code most visitors of the form never run until they
 * submit: it loads with the first submission, before anything is sent, so a created secret always has it at hand.
 */
let SecretResult: typeof ResultView | null = null;
const loadResult = async () => {
  SecretResult ??= (await loadCode(() => import('./SecretResult'))).SecretResult;
};

/**
 * Home: write a secret, get its link. The created secret (with its key) is held in this component's state only:
 * never logged, stored or put in the address bar. "Create new" drops it and starts over with an empty form.
 */
export default function CreateSecretPage() {
  const { t } = useTranslation('create');
  const [created, setCreated] = useState<CreatedSecretView | null>(null);
  const [restarted, setRestarted] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const readOnly = useSettingsStore((state) => state.settings.read_only);
  const closed = useCreatingClosed(readOnly);

  useEffect(() => {
    document.title = `${t('page.title')} · Hush`;
  }, [t]);

  // After "Create new" the button that had focus is gone; put focus at the top of the fresh form.
  useEffect(() => {
    if (restarted && !created) focusHeading(heading.current);
  }, [restarted, created]);

  if (created && SecretResult) {
    const createNew = () => {
      setCreated(null);
      setRestarted(true);
    };
    return <SecretResult secret={created} onCreateNew={createNew} />;
  }
  return (
    <>
      <PageHeading headingRef={heading} title={t('page.title')} lead={t('page.lead')} />
      {/* The server refuses others' secrets while read-only (secret.read_only): say so, and for those it would
          refuse, close the form before they type a secret into it. */}
      {readOnly && (
        <div className="mb-4">
          <Alert tone="warning">{t('page.readOnly')}</Alert>
        </div>
      )}
      <CreateSecretForm onCreated={setCreated} prepare={loadResult} closed={closed} />
    </>
  );
}

/**
 * Whether the server would refuse this visitor's secret: a read-only instance takes secrets from admins and creators
 * only. A visitor is refused at once; a signed-in user once their role is known (until then the server decides).
 */
function useCreatingClosed(readOnly: boolean): boolean {
  const signedIn = useSessionStore((state) => state.isLoggedIn);
  const [role, setRole] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!readOnly || !signedIn) return;
    const controller = new AbortController();
    getAccount(controller.signal).then(
      (account) => setRole(account.role),
      () => setRole(undefined),
    );
    return () => controller.abort();
  }, [readOnly, signedIn]);
  const known = signedIn ? role : null;
  return readOnly && known !== undefined && !mayCreate({ read_only: true }, known);
}
