/** A refusal of `hush backup` or `hush restore`: a stable code and one line for the operator. */
export class OpsError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'OpsError';
  }
}

const UNCHANGED = 'nothing was restored';

export const postgresBackup = () =>
  new OpsError(
    'backup.postgres',
    'HUSH_DATABASE_URL is set: the database is in PostgreSQL, which hush backup does not copy; use pg_dump -Fc (docs/backup.md)',
  );
export const postgresRestore = () =>
  new OpsError(
    'restore.postgres',
    'HUSH_DATABASE_URL is set: the database is in PostgreSQL, which hush restore does not fill; use pg_restore (docs/backup.md)',
  );
export const noDatabase = (path: string) =>
  new OpsError('backup.no_database', `No Hush database at ${path}: is HUSH_DATA_DIR right?`);
export const notADatabase = (path: string, why: string) =>
  new OpsError('backup.not_a_database', `${path} is not a Hush database (${why})`);
export const backupExists = (file: string) =>
  new OpsError('backup.exists', `${file} already exists: choose a new name (a backup never overwrites a file)`);
export const noFolder = (folder: string) => new OpsError('backup.no_folder', `The folder ${folder} does not exist`);

export const noBackup = (file: string) => new OpsError('restore.not_found', `No backup file at ${file}`);
export const notEmpty = (folder: string) =>
  new OpsError(
    'restore.not_empty',
    `${folder} is not empty: restore only into an empty or new data folder (${UNCHANGED}, nothing was changed)`,
  );
export const notAFolder = (path: string) =>
  new OpsError('restore.not_a_folder', `${path} is not a folder (${UNCHANGED})`);
export const notABackup = (file: string, why: string) =>
  new OpsError('restore.foreign', `${file} is not a Hush backup (${why}); ${UNCHANGED}`);
export const truncated = (file: string, why: string) =>
  new OpsError('restore.truncated', `${file} is incomplete (${why}); ${UNCHANGED}`);
export const damaged = (file: string, why: string) =>
  new OpsError('restore.damaged', `${file} is damaged (${why}); ${UNCHANGED}`);
export const newerFormat = (file: string, version: number, known: number) =>
  new OpsError(
    'restore.newer_format',
    `${file} was made by a newer Hush (backup format ${version}; this one reads up to ${known}); ${UNCHANGED}`,
  );
export const newerSchema = (file: string, schema: string, latest: string, hushVersion: string) =>
  new OpsError(
    'restore.newer_schema',
    `${file} holds a database of schema ${schema}, newer than this Hush knows (up to ${latest}): restore it with Hush ${hushVersion} or newer; ${UNCHANGED}`,
  );

/** Any error as one line: ours as they are, others (a full disk, a permission) prefixed with what failed. */
export function oneLine(error: unknown, doing: string): string {
  if (error instanceof OpsError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `${doing} failed: ${message.replace(/\s*\n\s*/g, ' ')}`;
}
