import net from 'node:net';

/** A failure to start, said in one line for the operator (no stack trace). */
export class StartupError extends Error {
  override name = 'StartupError';
}

const LISTEN_PROBLEMS: Record<string, (host: string, port: number) => string> = {
  EADDRINUSE: (host, port) => `HUSH_PORT=${port}: another program listens on ${host}:${port} already`,
  EADDRNOTAVAIL: (host) => `HUSH_HOST=${host}: not an address of this machine`,
  ENOTFOUND: (host) => `HUSH_HOST=${host}: this host name cannot be resolved`,
  EAI_AGAIN: (host) => `HUSH_HOST=${host}: this host name cannot be resolved (DNS did not answer)`,
  EACCES: (host, port) =>
    `HUSH_PORT=${port}: not allowed to listen on ${host}:${port} (ports below 1024 need privileges)`,
};

/**
 * Tries the address the server will listen on, before anything else is done (no database opened, no migration
 * run): a wrong HUSH_HOST or a taken port stops the start at once, with a line that names the variable.
 */
export async function checkListenAddress(host: string, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      const problem = error.code ? LISTEN_PROBLEMS[error.code] : undefined;
      reject(new StartupError(problem ? problem(host, port) : `Cannot listen on ${host}:${port}: ${error.message}`));
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** An error's words: its message, else its code, else those of the errors it gathers (a host of two addresses). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message) return error.message;
  const nested = (error as { errors?: unknown[] }).errors;
  if (nested?.length) return [...new Set(nested.map(describeError))].join('; ');
  return (error as NodeJS.ErrnoException).code ?? error.name;
}

/** The one line said when the database cannot be opened or migrated. */
export function databaseProblem(error: unknown, databaseUrl: string): StartupError {
  const message = describeError(error);
  if (!databaseUrl) return new StartupError(`Cannot open the SQLite database in HUSH_DATA_DIR: ${message}`);
  let where = 'HUSH_DATABASE_URL';
  try {
    const url = new URL(databaseUrl);
    where += ` (${url.hostname}:${url.port || 5432}${url.pathname})`;
  } catch {
    // The config accepted it; the driver will have said what is wrong with it.
  }
  return new StartupError(`Cannot use the PostgreSQL database at ${where}: ${message}`);
}
