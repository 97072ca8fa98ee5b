import { useEffect } from 'react';
import { create } from 'zustand';
import { countUnreadActivity } from '../api/count-unread-activity';

interface UnreadState {
  /** Null while unknown or signed out. */
  count: number | null;
  /** Bumped when the activity page marks everything seen: a count asked for before that is stale. */
  seenAt: number;
}

/** The one count of unseen events, which the header and the account sidebar both show. */
export const useActivityUnreadStore = create<UnreadState>()(() => ({ count: null, seenAt: 0 }));

/**
 * Asks the server for the unseen events on each navigation (`page`); a failure leaves the count as it was (the
 * session check deals with an ended session). Called once, by the root layout.
 */
export function useActivityUnread(signedIn: boolean, page: string): number | null {
  useEffect(() => {
    if (!signedIn) return useActivityUnreadStore.setState({ count: null });
    const controller = new AbortController();
    const asked = useActivityUnreadStore.getState().seenAt;
    countUnreadActivity(controller.signal).then(
      ({ unread }) => {
        if (useActivityUnreadStore.getState().seenAt === asked) useActivityUnreadStore.setState({ count: unread });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [signedIn, page]);
  return useActivityUnreadStore((state) => state.count);
}

/** The count as last known, for a second place that shows it (the account sidebar). */
export const useActivityUnreadCount = () => useActivityUnreadStore((state) => state.count);

/** The activity page marked everything seen: the badges go at once, and an answer already on its way is ignored. */
export function clearActivityUnread(): void {
  useActivityUnreadStore.setState((state) => ({ count: 0, seenAt: state.seenAt + 1 }));
}
