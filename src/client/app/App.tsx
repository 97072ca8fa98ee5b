import { readRuntimeConfig } from '../lib/runtime-config';

/** Placeholder page until the web client lands; it proves the build, the CSP and the runtime config. */
export function App() {
  const config = readRuntimeConfig();
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 p-6 font-sans text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <h1 className="text-3xl font-bold">Hush</h1>
      <p>End-to-end encrypted, one-time secret sharing. The web client is on its way; the API is ready.</p>
      <p>
        <a className="text-indigo-600 underline dark:text-indigo-400" href="/api/v1/openapi.json">
          API description (OpenAPI)
        </a>
      </p>
      <p className="text-sm text-slate-500" data-testid="version">
        {config.version} · {config.commit}
      </p>
    </main>
  );
}
