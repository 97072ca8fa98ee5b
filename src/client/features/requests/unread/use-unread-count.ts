import { useEffect, useState } from 'react';
import { countUnread } from '../api/count-unread';

/**
 * How many responses to the signed-in user's requests were never opened, asked again on each navigation (`page`):
 * opening one in the inbox, then moving on, counts it out. Null while unknown or signed out; a failure leaves the
 * count as it was (the session check deals with an ended session).
 */
export function useUnreadCount(signedIn: boolean, page: string): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!signedIn) return setCount(null);
    const controller = new AbortController();
    countUnread(controller.signal).then(
      ({ unread }) => setCount(unread),
      () => undefined,
    );
    return () => controller.abort();
  }, [signedIn, page]);
  return count;
}
