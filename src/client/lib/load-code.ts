import { ApiError } from './api-client';

/**
 * Code a page needs only for a later step (the result of a submission, the reader's crypto), fetched when that
 * step begins and before anything is spent on the server. A chunk that fails to arrive fails like any call that
 * gets no answer: `network.unreachable`, so the page says the server cannot be reached and nothing was sent.
 */
export async function loadCode<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch {
    throw new ApiError(0, 'network.unreachable', 'The page could not load its code');
  }
}
