import { useEffect, useState } from 'react';
import { countUnread } from '../api/count-unread';

/**
 * How many responses to the signed-in user's requests were never opened, asked again on each navigation (`page`):
 * opening one in the inbox, then moving on, counts it out. Null while unknown or signed out; a failure leaves the
 * count as it was (the session check deals with an ended session).
 */
export function useUnreadCount(signedIn: boolean, page: string): number | null {
  const [count, setCount] = useState<number | null>(null);
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const changed = () => setChanges((n) => n + 1);
    window.addEventListener(UNREAD_CHANGED, changed);
    return () => window.removeEventListener(UNREAD_CHANGED, changed);
  }, []);
  useEffect(() => {
    if (!signedIn) return setCount(null);
    const controller = new AbortController();
    countUnread(controller.signal).then(
      ({ unread }) => setCount(unread),
      () => undefined,
    );
    return () => controller.abort();
  }, [signedIn, page, changes]);
  return count;
}

const UNREAD_CHANGED = 'hush:unread-changed';

/** A response was opened in this page: the count is asked again, without waiting for the next navigation. */
export function announceUnreadChange(): void {
  window.dispatchEvent(new Event(UNREAD_CHANGED));
}
