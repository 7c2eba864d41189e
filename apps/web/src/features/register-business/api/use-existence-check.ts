import { TIMING } from '@portal/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { type ExistenceField, verifyExists } from '../../../api/business-registration-api.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/**
 * True when the server says `value` is already registered: asked 500 ms after typing stops (SPEC §5),
 * and only while the value is `checkable` (a well-formed email, a 10-digit phone).
 */
export function useExistenceCheck(field: ExistenceField, value: string, checkable: boolean): boolean {
  const settled = useDebouncedValue(value, TIMING.existenceCheckDebounceMs);
  const ready = checkable && settled === value;
  const query = useQuery({
    queryKey: ['public-registration', 'verify', field, settled],
    queryFn: ({ signal }) => verifyExists(field, settled, signal),
    enabled: ready,
    staleTime: 30_000,
    retry: false,
  });
  return ready && query.data === true;
}
