import { TIMING } from '@portal/contract/limits';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ExistenceField, verifyExists } from '../../../api/business-registration-api.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

const verifyKey = (field: ExistenceField, value: string) => ['public-registration', 'verify', field, value];
const STALE_MS = 30_000;

/**
 * True when the server says `value` is already registered: asked 500 ms after typing stops (SPEC §5),
 * and only while the value is `checkable` (a well-formed email, a 10-digit phone).
 */
export function useExistenceCheck(field: ExistenceField, value: string, checkable: boolean): boolean {
  const settled = useDebouncedValue(value, TIMING.existenceCheckDebounceMs);
  const ready = checkable && settled === value;
  const query = useQuery({
    queryKey: verifyKey(field, settled),
    queryFn: ({ signal }) => verifyExists(field, settled, signal),
    enabled: ready,
    staleTime: STALE_MS,
    retry: false,
  });
  return ready && query.data === true;
}

/**
 * The same check asked at once (leaving the field, before sending a code), sharing the typing check's
 * answers. Resolves false when the check itself fails: a check that cannot answer blocks nothing.
 */
export function useCheckExistsNow() {
  const queryClient = useQueryClient();
  return useCallback(
    async (field: ExistenceField, value: string): Promise<boolean> => {
      try {
        return await queryClient.fetchQuery({
          queryKey: verifyKey(field, value),
          queryFn: ({ signal }) => verifyExists(field, value, signal),
          staleTime: STALE_MS,
          retry: false,
        });
      } catch {
        return false;
      }
    },
    [queryClient],
  );
}
