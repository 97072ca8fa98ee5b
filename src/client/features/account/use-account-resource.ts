import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import type { SignoutReason } from '../auth';

export type Resource<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

const SECURITY_PAGE = '/account/security';

/**
 * Sends the visitor to /signout when the server no longer knows their session (the login cookie outlived it), and to
 * the security page when the instance requires a second factor they have not set up yet (auth.two_factor_required).
 * On the security page itself that error is the caller's to show: sending the page to itself would change nothing.
 */
export function useSessionGone() {
  // The router's navigate changes with the address; this stays the same, so a page's load does not run again when
  // the address changes under it (the account layout stays while its pages change).
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const latest = useRef({ navigate, pathname });
  useEffect(() => {
    latest.current = { navigate, pathname };
  }, [navigate, pathname]);
  return useCallback((error: unknown) => {
    if (error instanceof ApiError && error.code === 'auth.two_factor_required') {
      if (latest.current.pathname.replace(/\/+$/, '') === SECURITY_PAGE) return false;
      void latest.current.navigate(SECURITY_PAGE, { replace: true, state: { reason: 'two_factor_required' } });
      return true;
    }
    if (!(error instanceof ApiError) || error.status !== 401) return false;
    void latest.current.navigate('/signout', { replace: true, state: { reason: 'expired' satisfies SignoutReason } });
    return true;
  }, []);
}

/**
 * Loads something of the signed-in account (`load` must be a stable function), with `retry` and local updates
 * (`update`) after a change the server confirmed. A 401 means the session ended: off to /signout. Any failure that
 * does not take the visitor elsewhere is the state's error: a section never waits for ever.
 */
export function useAccountResource<T>(load: (signal: AbortSignal) => Promise<T>) {
  type Loaded = { load: typeof load; resource: Resource<T> };
  const [loaded, setLoaded] = useState<Loaded>({ load, resource: { status: 'loading' } });
  const [attempt, setAttempt] = useState(0);
  const sessionGone = useSessionGone();

  useEffect(() => {
    const controller = new AbortController();
    const settle = (resource: Resource<T>) => {
      if (!controller.signal.aborted) setLoaded({ load, resource });
    };
    settle({ status: 'loading' });
    load(controller.signal).then(
      (data) => settle({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        sessionGone(error);
        // Also when the visitor was sent elsewhere: a part that stays on screen (the layout) must not wait for ever.
        settle({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [load, attempt, sessionGone]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setLoaded((current) =>
        current.resource.status === 'ready'
          ? { ...current, resource: { ...current.resource, data: change(current.resource.data) } }
          : current,
      ),
    [],
  );
  // A route change can hand this part's state to the part that takes its place (the same component at the same
  // spot): what another load settled is never shown as this one's, not even for the moment before the effect runs.
  const state: Resource<T> = loaded.load === load ? loaded.resource : { status: 'loading' };
  return { state, retry, update };
}
