// A message that disappears by itself after a while (the spec's status toasts: 5 s unless stated).
import { useCallback, useEffect, useRef, useState } from 'react';

export const TOAST_MS = 5_000;

export function useTimedMessage<T = string>(defaultMs = TOAST_MS) {
  const [message, setMessage] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  /** shows `value`; it clears after `ms` (default the hook's), or stays when `ms` is 0 */
  const show = useCallback(
    (value: T, ms: number = defaultMs) => {
      clearTimeout(timer.current);
      setMessage(value);
      if (ms > 0) timer.current = setTimeout(() => setMessage(null), ms);
    },
    [defaultMs],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}
