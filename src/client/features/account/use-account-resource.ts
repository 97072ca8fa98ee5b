import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import type { SignoutReason } from '../auth';

export type Resource<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

/**
 * Sends the visitor to /signout when the server no longer knows their session (the login cookie outlived it), and to
 * the security page when the instance requires a second factor they have not set up yet (auth.two_factor_required).
 */
export function useSessionGone() {
  // The router's navigate changes with the address; this stays the same, so a page's load does not run again when
  // the address changes under it (the account layout stays while its pages change).
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  return useCallback((error: unknown) => {
    if (error instanceof ApiError && error.code === 'auth.two_factor_required') {
      void latest.current('/account/security', { replace: true, state: { reason: 'two_factor_required' } });
      return true;
    }
    if (!(error instanceof ApiError) || error.status !== 401) return false;
    void latest.current('/signout', { replace: true, state: { reason: 'expired' satisfies SignoutReason } });
    return true;
  }, []);
}

/**
 * Loads something of the signed-in account (`load` must be a stable function), with `retry` and local updates
 * (`update`) after a change the server confirmed. A 401 means the session ended: off to /signout.
 */
export function useAccountResource<T>(load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const sessionGone = useSessionGone();

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted || sessionGone(error)) return;
        setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [load, attempt, sessionGone]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setState((current) => (current.status === 'ready' ? { ...current, data: change(current.data) } : current)),
    [],
  );
  return { state, retry, update };
}
