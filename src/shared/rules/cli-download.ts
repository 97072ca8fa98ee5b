/**
 * The command-line client as one file that every instance serves beside its web app (scripts/build-cli.mjs writes
 * it into the built client's folder), with its SHA-256 in the line format `sha256sum -c` reads.
 */
export const CLI_FILE = 'hush-cli.mjs';
export const CLI_PATH = `/${CLI_FILE}`;
export const CLI_CHECKSUM_PATH = `${CLI_PATH}.sha256`;

/** `<hex>  hush-cli.mjs` and a newline: sha256sum's own output (two spaces: the file is read as text-or-binary). */
export const checksumLine = (hex: string): string => `${hex}  ${CLI_FILE}\n`;

/** The hex digest of a checksum line for the CLI file, or null when the text is not one. */
export function parseChecksumLine(text: string): string | null {
  const match = /^([0-9a-f]{64}) [ *](\S+)$/.exec(text.trim());
  return match && match[2] === CLI_FILE ? match[1]! : null;
}
