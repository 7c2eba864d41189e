import { MSG } from '@portal/contract/messages';

/** Contract SAVED_VIEW_NAME_MAX (the contract's module would bring zod into the directory). */
export const SAVED_VIEW_NAME_MAX = 60;

/** The name as saved, or the contract's message (shown in Spanish by the Field). */
export function checkViewName(name: string): { name: string } | { error: string } {
  const trimmed = name.trim();
  return trimmed.length >= 1 && trimmed.length <= SAVED_VIEW_NAME_MAX
    ? { name: trimmed }
    : { error: MSG.savedViewName };
}
