import { useCallback, useMemo } from 'react';
import { useLatestSearchParams } from '../../lib/use-latest-search-params.ts';
import { type DirectoryView, readView, writeView } from './directory-view.ts';

/**
 * The view from the URL, and a way to change it. Every change is a history entry (so Back
 * restores the previous view) and goes back to page 1 unless it names a page.
 */
export function useDirectoryView() {
  const [params, setParams] = useLatestSearchParams();
  const view = useMemo(() => readView(params), [params]);
  const update = useCallback(
    (changes: Partial<DirectoryView>, options: { replace?: boolean } = {}) => {
      setParams((current) => writeView(current, { ...readView(current), page: 1, ...changes }), options);
    },
    [setParams],
  );
  return { view, update };
}
