/**
 * The first module the CLI's entry imports, so that it runs before any other module is evaluated: on a Node.js older
 * than 20 (Debian 12's apt has 18) the CLI would otherwise fail half-way with a TypeError (no global WebCrypto).
 * It imports nothing, so it evaluates on any Node.js that can parse it.
 */
export const MIN_CLI_NODE_MAJOR = 20;

export function unsupportedCliNode(version: string = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= MIN_CLI_NODE_MAJOR) return null;
  return (
    `hush needs Node.js ${MIN_CLI_NODE_MAJOR} or newer (20, 22 or 24); this is Node.js ${version}. ` +
    'Install a supported Node.js (https://nodejs.org) and run it again.'
  );
}

const refusal = unsupportedCliNode();
if (refusal) {
  process.stderr.write(`hush: ${refusal}\n`);
  process.exit(1);
}
