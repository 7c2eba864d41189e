// Name inputs keep only letters (accents, ñ, ü included) and spaces while typing (SPEC §5).
import { NAME_DISALLOWED } from '@portal/contract/name-pattern';

export function filterNameInput(value: string): string {
  return value.replace(NAME_DISALLOWED, '');
}
