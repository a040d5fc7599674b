import { useCallback, useEffect, useRef, useState } from 'react';
import {
  UPLOAD_PROGRESS_CAP,
  UPLOAD_PROGRESS_INTERVAL_MS,
  UPLOAD_PROGRESS_STEP_MAX,
} from '#shared/constants.ts';

/**
 * Upload progress the browser cannot measure for a single fetch: steps of up to 15
 * every 300 ms, held at 90 until the request ends, then 100.
 */
export function useSimulatedProgress() {
  const [progress, setProgress] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(() => {
    stop();
    setProgress(0);
    timer.current = setInterval(() => {
      const step = Math.floor(Math.random() * UPLOAD_PROGRESS_STEP_MAX) + 1;
      setProgress((p) => Math.min(UPLOAD_PROGRESS_CAP, p + step));
    }, UPLOAD_PROGRESS_INTERVAL_MS);
  }, [stop]);

  const complete = useCallback(() => {
    stop();
    setProgress(100);
  }, [stop]);

  const reset = useCallback(() => {
    stop();
    setProgress(0);
  }, [stop]);

  useEffect(() => stop, [stop]);

  return { progress, start, complete, reset };
}
