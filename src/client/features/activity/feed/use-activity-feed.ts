import { useCallback, useEffect, useRef, useState } from 'react';
import { useAccountResource, useSessionGone } from '../../account';
import type { ActivityPage } from '../api/activity.types';
import { listActivity, listFirstActivityPage } from '../api/list-activity';
import { markActivitySeen } from '../api/mark-activity-seen';
import { clearActivityUnread } from '../unread/activity-unread';

interface More {
  busy: boolean;
  error: unknown;
  /** The first entry the last "Load more" added: focus goes there. */
  firstNewId: string | null;
}

/**
 * The activity list a page at a time: the first page loads with the page, then marks everything seen (once per
 * visit; the entries keep their "New" for this visit); `loadMore` appends the next page.
 */
export function useActivityFeed() {
  const { state, retry, update } = useAccountResource<ActivityPage>(listFirstActivityPage);
  const sessionGone = useSessionGone();
  const [more, setMore] = useState<More>({ busy: false, error: null, firstNewId: null });
  const marked = useRef(false);

  const unread = state.status === 'ready' ? state.data.unread : 0;
  useEffect(() => {
    if (state.status !== 'ready' || marked.current) return;
    marked.current = true;
    if (unread === 0) return;
    markActivitySeen().then(clearActivityUnread, (error: unknown) => void sessionGone(error));
  }, [state.status, unread, sessionGone]);

  const next = state.status === 'ready' ? state.data.next : null;
  const loadMore = useCallback(async () => {
    if (!next) return;
    setMore({ busy: true, error: null, firstNewId: null });
    try {
      const page = await listActivity(next);
      const known = new Set(state.status === 'ready' ? state.data.items.map((item) => item.id) : []);
      const added = page.items.filter((item) => !known.has(item.id));
      update((feed) => ({ ...feed, items: [...feed.items, ...added], next: page.next }));
      setMore({ busy: false, error: null, firstNewId: added[0]?.id ?? null });
    } catch (error) {
      if (sessionGone(error)) return;
      setMore({ busy: false, error, firstNewId: null });
    }
  }, [next, state, update, sessionGone]);

  return { state, retry, loadMore, more };
}
