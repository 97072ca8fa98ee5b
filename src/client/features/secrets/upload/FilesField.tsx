import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../../lib/runtime-config';
import { useSessionStore } from '../../auth';
import { useSettingsStore } from '../../settings';
import { AttachFiles } from './AttachFiles';
import { fileLimits, type FileLimits } from './file-rules';

/** This visitor's limits for files, or null when they may not attach any (see fileLimits). */
export function useFileLimits(): FileLimits | null {
  const disabled = useSettingsStore((state) => state.settings.disable_file_upload);
  const signedIn = useSessionStore((state) => state.isLoggedIn);
  return fileLimits(runtimeConfig.files, { disabled, signedIn });
}

/**
 * The create form's files: only for private secrets (a public one has no key to encrypt them with), and only when
 * the instance takes files from this visitor; a signed-out visitor of an instance that wants an account is told so.
 */
export function FilesField({
  limits,
  isPublic,
  files,
  onChange,
  disabled,
}: {
  limits: FileLimits | null;
  isPublic: boolean;
  files: readonly File[];
  onChange(files: File[]): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('create');
  const off = useSettingsStore((state) => state.settings.disable_file_upload);
  if (isPublic || off) return null;
  if (!limits) return <p className="text-sm text-slate-600 dark:text-slate-400">{t('files.signIn')}</p>;
  return <AttachFiles files={files} onChange={onChange} limits={limits} disabled={disabled} />;
}
