/** Runs a callback after a delay, cancelled if the screen goes away first. */
import { useCallback, useEffect, useRef } from 'react';

export function useLater(): (run: () => void, delayMs: number) => void {
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);
  return useCallback((run, delayMs) => {
    timers.current.push(window.setTimeout(run, delayMs));
  }, []);
}
