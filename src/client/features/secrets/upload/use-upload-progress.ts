import { useCallback, useMemo, useRef, useState } from 'react';
import { RateMeter, secondsLeft } from './progress';
import type { UploadCounts } from './upload-controller';

export interface UploadProgressState extends UploadCounts {
  /** Bytes per second over the last seconds, or null before it can be measured. */
  rate: number | null;
  /** Estimated seconds to go, or null when unknown. */
  secondsLeft: number | null;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const clock = () => performance.now();

/** Turns the controller's byte counts into what the progress bars show: counts, speed and time left. */
export function useUploadProgress(now: () => number = clock) {
  const [state, setState] = useState<UploadProgressState | null>(null);
  const meter = useRef(new RateMeter());

  const update = useCallback(
    (counts: UploadCounts) => {
      const done = sum(counts.sent);
      meter.current.add(done, now());
      const rate = meter.current.rate();
      setState({ ...counts, rate, secondsLeft: secondsLeft(sum(counts.sizes) - done, rate) });
    },
    [now],
  );

  const reset = useCallback(() => {
    meter.current = new RateMeter();
    setState(null);
  }, []);

  return useMemo(() => ({ state, update, reset }), [state, update, reset]);
}
