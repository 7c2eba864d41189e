import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isFocusLost } from '../../../lib/use-focus-if-lost.ts';
import { QueryError } from '../../../ui/data-states.tsx';

/**
 * The access list could not be read ('Recargar' after a conflict while offline, say): the cards it
 * replaces take the focus with them, so 'Reintentar' takes it, and again after each failed retry.
 */
export function AccessLoadError({ query, fallback }: { query: UseQueryResult<unknown>; fallback: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!query.isFetching && isFocusLost()) box.current?.querySelector<HTMLElement>('button')?.focus();
  }, [query.isFetching]);
  return (
    <div ref={box}>
      <QueryError query={query} title="No se pudo cargar el acceso" fallback={fallback} />
    </div>
  );
}
