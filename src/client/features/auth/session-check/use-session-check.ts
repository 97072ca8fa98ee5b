import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { refreshSession } from '../api/refresh-session';
import { useSessionStore } from '../session.store';

/** Spec §4 / §9: the check runs every 60 seconds and warns from one day before the expiry. */
export const SESSION_CHECK_INTERVAL_MS = 60_000;
export const EXPIRY_WARNING_MS = 24 * 60 * 60 * 1000;

export const isNearExpiry = (expiresAt: Date, now: number) => expiresAt.getTime() <= now + EXPIRY_WARNING_MS;

/**
 * The session check: re-reads the login cookie now and every `intervalMs`, and asks to extend the session when it
 * ends within a day. An answered question (Cancel, or an Update that could not push the expiry out of the window
 * because the session reached its absolute maximum) is not asked again for that same expiry; a session extended
 * elsewhere (another tab) gets a new expiry, and so a new question when it too comes near.
 */
export function useSessionCheck({
  now,
  intervalMs,
  onSessionGone,
}: {
  now(): number;
  intervalMs: number;
  onSessionGone(): void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  /** The expiry (ms) the reader already answered for. */
  const answered = useRef<number | null>(null);
  const clock = useRef(now);
  const gone = useRef(onSessionGone);
  useEffect(() => {
    clock.current = now;
    gone.current = onSessionGone;
  }, [now, onSessionGone]);

  const read = () => {
    const time = clock.current();
    useSessionStore.getState().refresh(time);
    const { isLoggedIn, expiresAt } = useSessionStore.getState();
    return { time, expiresAt: isLoggedIn ? expiresAt : null };
  };

  const check = useCallback(() => {
    const { time, expiresAt } = read();
    if (!expiresAt) {
      setOpen(false);
      return;
    }
    if (isNearExpiry(expiresAt, time) && answered.current !== expiresAt.getTime()) setOpen(true);
  }, []);

  useEffect(() => {
    check();
    const timer = setInterval(check, intervalMs);
    return () => clearInterval(timer);
  }, [check, intervalMs]);

  const close = () => {
    const { time, expiresAt } = read();
    answered.current = expiresAt && isNearExpiry(expiresAt, time) ? expiresAt.getTime() : null;
    setFailure(null);
    setOpen(false);
  };

  /** Update session: 401 → the session is gone; otherwise the login state is re-read and the question closes. */
  const update = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await refreshSession();
      close();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setOpen(false);
        gone.current();
        return;
      }
      // The server could not be reached, or was busy: the session is unchanged, so the question stays.
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return { open, busy, failure, update, cancel: close };
}
