import packageJson from '../../package.json' with { type: 'json' };

/** The version of this hush, the server's own (one package.json, built into the single-file CLI). */
export const VERSION: string = packageJson.version;
