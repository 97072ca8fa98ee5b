import { loadConfig } from '../config.js';
import { unsupportedNode } from '../node-version.js';
import { formatSize } from '../lib/bytes.js';
import { createBackup, type BackupSummary } from './backup.js';
import { oneLine, OpsError, postgresBackup, postgresRestore } from './ops.errors.js';
import { restoreBackup, type RestoreSummary } from './restore.js';

export type OpsCommand = 'backup' | 'restore';

/**
 * `hush backup FILE` and `hush restore FILE`, configured by the same environment as the server (HUSH_DATA_DIR,
 * HUSH_DATABASE_URL, HUSH_S3_ENDPOINT). Answers what was done, in a few lines; throws an OpsError whose message is
 * one line for anything that went wrong.
 */
export async function runOpsCommand(
  command: OpsCommand,
  file: string,
  env: Record<string, string | undefined>,
): Promise<string> {
  const unsupported = unsupportedNode();
  if (unsupported) throw new OpsError(`${command}.failed`, unsupported);
  try {
    const config = loadConfig(env);
    if (command === 'backup') {
      if (config.databaseUrl) throw postgresBackup();
      const filesInS3 = Boolean(config.s3Endpoint);
      return describeBackup(await createBackup({ dataDir: config.dataDir, file, filesInS3 }), config.s3Bucket);
    }
    if (config.databaseUrl) throw postgresRestore();
    return describeRestore(await restoreBackup({ file, dataDir: config.dataDir }));
  } catch (error) {
    throw error instanceof OpsError ? error : new OpsError(`${command}.failed`, oneLine(error, `hush ${command}`));
  }
}

function describeBackup(summary: BackupSummary, bucket: string): string {
  const { header, blobs, skipped } = summary;
  const lines = [
    `Backed up ${contents(header)} (schema ${header.schema}, ${blobs.count} stored ${plural(blobs.count, 'file')}, ` +
      `${formatSize(blobs.bytes)}) to ${summary.file}: ${formatSize(summary.bytes)} in ${seconds(summary.ms)}.`,
  ];
  if (skipped.deleted || skipped.uploading) {
    lines.push(
      `Left out: ${skipped.deleted} ${plural(skipped.deleted, 'file')} deleted during the backup, ` +
        `${skipped.uploading} still uploading.`,
    );
  }
  if (header.files === 's3') {
    lines.push(`The stored files are in S3 (bucket ${bucket}), not in this backup: back the bucket up too.`);
  }
  return lines.join('\n');
}

function describeRestore(summary: RestoreSummary): string {
  const { header, blobs } = summary;
  const lines = [
    `Restored ${contents(header)} (schema ${header.schema}, ${blobs.count} stored ${plural(blobs.count, 'file')}, ` +
      `${formatSize(blobs.bytes)}) into ${summary.dataDir} from the backup of ${header.createdAt} ` +
      `(Hush ${header.hushVersion}) in ${seconds(summary.ms)}.`,
    'Start Hush on this folder: it brings the schema up to date at start-up.',
  ];
  if (header.files === 's3') {
    lines.push('The stored files were in S3 and are not in this backup: point HUSH_S3_* at the bucket.');
  }
  return lines.join('\n');
}

const contents = ({ counts }: { counts: { secrets: number; users: number } }) =>
  `${counts.secrets} ${plural(counts.secrets, 'secret')} and ${counts.users} ${plural(counts.users, 'user')}`;
const plural = (count: number, word: string) => (count === 1 ? word : `${word}s`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
