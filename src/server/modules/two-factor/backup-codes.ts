import crypto from 'node:crypto';
import { BACKUP_CODE_ALPHABET, BACKUP_CODE_COUNT, normalizeBackupCode } from '../../../shared/rules/two-factor.js';
import { sha256 } from '../../lib/tokens.js';

/**
 * One-time backup codes: shown once, stored as SHA-256 only. Ten letters and digits from a 31-sign alphabet (no
 * 0/o, 1/l/i) are about 50 random bits, too many to guess within the throttle, so a plain hash suffices.
 */
const CODE_LENGTH = 10;

function newBackupCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += BACKUP_CODE_ALPHABET[crypto.randomInt(BACKUP_CODE_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const newBackupCodes = (): string[] => Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);

/** The stored form of a code, however it was typed (case, spaces, dashes). */
export const backupCodeHash = (code: string): string => sha256(normalizeBackupCode(code));

/** Whether a typed code could be a backup code at all (else it is not looked up). */
export const looksLikeBackupCode = (code: string): boolean => {
  const normalized = normalizeBackupCode(code);
  return normalized.length === CODE_LENGTH && [...normalized].every((sign) => BACKUP_CODE_ALPHABET.includes(sign));
};
