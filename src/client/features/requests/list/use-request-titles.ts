import { useEffect, useState } from 'react';
import { deriveDetailsKey } from '../../../../shared/crypto/request-keys';
import type { RequestSummary } from '../api/requests.types';
import { inboxKeyFor } from '../inbox-keys';
import { openDetails } from '../request-crypto';

/**
 * What the list can say of a title. It is sealed under the details key, which comes from the inbox key: this browser
 * has it for the requests made here or opened by their inbox link, and no other.
 */
export type TitleView =
  { kind: 'opening' } | { kind: 'plain'; text: string } | { kind: 'locked' } | { kind: 'damaged' };

async function openTitle(request: RequestSummary): Promise<TitleView> {
  const inboxKey = inboxKeyFor(request.id);
  if (!inboxKey) return { kind: 'locked' };
  try {
    const detailsKey = await deriveDetailsKey(inboxKey, request.id);
    return { kind: 'plain', text: (await openDetails(detailsKey, { title: request.title, text: null })).title };
  } catch {
    return { kind: 'damaged' };
  }
}

/** The titles of `requests`, by id, decrypted where this browser holds the key. */
export function useRequestTitles(requests: readonly RequestSummary[] | null): ReadonlyMap<string, TitleView> {
  const [titles, setTitles] = useState<ReadonlyMap<string, TitleView>>(new Map());
  useEffect(() => {
    if (!requests) return;
    let current = true;
    void Promise.all(requests.map(async (request) => [request.id, await openTitle(request)] as const)).then(
      (opened) => current && setTitles(new Map(opened)),
    );
    return () => {
      current = false;
    };
  }, [requests]);
  return titles;
}
