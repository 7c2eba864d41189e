import { useCallback, useLayoutEffect, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

type Change = (current: URLSearchParams) => URLSearchParams;

/**
 * The URL's search params, and a setter that builds on the latest ones. React Router's own
 * functional setter passes the params of the render it came from, so a callback kept from an
 * earlier render (a debounced search) wrote over a choice made since (a sort, a page size).
 */
export function useLatestSearchParams() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);

  const change = useCallback(
    (next: Change, options?: NavigateOptions) => {
      const value = next(new URLSearchParams(latest.current));
      latest.current = value;
      setParams(value, options);
    },
    [setParams],
  );
  return [params, change] as const;
}
