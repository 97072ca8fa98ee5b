import { useEffect, useRef, useState } from 'react';
import type { CreateFailure } from '../create/create-errors';
import type { SubmitPhase } from '../model';
import type { PendingStore } from './pending-upload';
import type { UploadRun } from './send-files';
import { useUploadProgress } from './use-upload-progress';

/** One try: sends with `run` (progress, cancel) and reports each step it reaches through `onPhase`. */
export type UploadTask<T> = (run: UploadRun, onPhase: (phase: SubmitPhase) => void) => Promise<T>;

export interface UploadTaskOptions<T> {
  /** Called with what the task gave back, once it went through. */
  onDone(result: T): void;
  /** Runs at the start of every try, inside it: should it throw, that is the try's failure. */
  prepare?: () => Promise<void>;
  /** Where the upload is noted for a reload: null for nowhere, by default the tab's storage. */
  store?: PendingStore;
  /** Turns what was thrown into the failure to show; by default the error and the step it was thrown in. */
  toFailure?: (error: unknown, phase: SubmitPhase) => CreateFailure;
}

const plainFailure = (error: unknown, phase: SubmitPhase): CreateFailure => ({ error, phase });

/**
 * What creating a secret and sending a response have in common: the phase for the busy state, the failure to show,
 * the upload's progress, and the files of the last try, so that it can go again without choosing them. Leaving the
 * page stops the try under way.
 */
export function useUploadTask<T>({ onDone, prepare, store, toFailure = plainFailure }: UploadTaskOptions<T>) {
  const [phase, setPhase] = useState<SubmitPhase | null>(null);
  const [failure, setFailure] = useState<CreateFailure | null>(null);
  /** The files of the upload under way or failed, for another try without choosing them again. */
  const [files, setFiles] = useState<readonly File[]>([]);
  const progress = useUploadProgress();
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  /** Runs `task` with `chosen` from the step `first`: the failure it ends in, or null (done, or stopped). */
  async function execute(
    chosen: readonly File[],
    first: SubmitPhase,
    task: UploadTask<T>,
  ): Promise<CreateFailure | null> {
    let current = first;
    const onPhase = (next: SubmitPhase) => {
      current = next;
      setPhase(next);
    };
    const abort = new AbortController();
    controller.current = abort;
    setFiles(chosen);
    setFailure(null);
    progress.reset();
    onPhase(first);
    try {
      await prepare?.();
      // Without a store the key is left out, so that the upload's own default (the tab's storage) applies.
      const run: UploadRun = { signal: abort.signal, onProgress: progress.update };
      const result = await task(store === undefined ? run : { ...run, store }, onPhase);
      setFiles([]);
      onDone(result);
      return null;
    } catch (error) {
      // A stop is asked for, not a failure: nothing to show.
      if (abort.signal.aborted) return null;
      const next = toFailure(error, current);
      setFailure(next);
      return next;
    } finally {
      // The busy state ends here, unless a stop or a newer try has taken it over meanwhile.
      if (controller.current === abort) {
        controller.current = null;
        setPhase(null);
      }
    }
  }

  /** Stops the try under way and forgets it: no busy state, no failure, no files kept for another try. */
  function stop() {
    controller.current?.abort();
    controller.current = null;
    setFailure(null);
    setPhase(null);
    setFiles([]);
  }

  return { phase, failure, files, progress: progress.state, execute, stop };
}
