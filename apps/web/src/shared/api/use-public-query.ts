// Data of the public pages (home statistics, blogs, offers, careers). A deliberately small hook: the
// public pages must load at most 110 KB of JavaScript (gzip) and React with React Router already take
// about 90 KB, so TanStack Query, which the signed-in screens use, is kept off them. It fetches once
// per mount, aborts when the page is left, and retries once when `retry` allows it.
import { useEffect, useState } from 'react';

export interface PublicQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
}

export interface PublicQueryOptions {
  /** false for an error that asking again cannot fix (e.g. a 404) */
  retry?: (error: unknown) => boolean;
}

const RETRY_DELAY_MS = 1000;

export function usePublicQuery<T>(
  key: string,
  fetcher: (signal: AbortSignal) => Promise<T>,
  options: PublicQueryOptions = {},
): PublicQuery<T> {
  const [state, setState] = useState<{ key: string; data?: T; error?: unknown; done: boolean }>({ key, done: false });
  const { retry } = options;

  useEffect(() => {
    const controller = new AbortController();
    const attempt = async (tries: number): Promise<void> => {
      try {
        const data = await fetcher(controller.signal);
        if (!controller.signal.aborted) setState({ key, data, done: true });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (tries === 0 && (retry?.(error) ?? true)) {
          await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
          if (!controller.signal.aborted) return attempt(1);
          return;
        }
        setState({ key, error, done: true });
      }
    };
    setState({ key, done: false });
    void attempt(0);
    return () => controller.abort();
    // The key names what is fetched; the fetcher and retry are recreated on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const current = state.key === key;
  const error = current ? state.error : undefined;
  return {
    data: current ? state.data : undefined,
    error,
    isPending: !current || !state.done,
    isError: current && state.done && error !== undefined,
  };
}
