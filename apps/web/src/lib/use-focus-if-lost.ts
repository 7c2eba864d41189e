// A step or card that replaces the control just used, or a control that turns disabled once its
// work is done (a resend wait, a list's end), leaves the focus on the page's body, and a keyboard user
// starts again from the top of the page. A busy Button keeps the focus (aria-disabled): `from` names
// it when the answer has its own place for the focus. These give it back, only when nothing else has it.
import { type RefObject, useEffect } from 'react';

/**
 * Whether the focus fell to the page's body (or nowhere), or is on a control that turned disabled:
 * Chromium drops that one's focus only at its next layout, after a quick request has already ended.
 * Also when it is still on `from`: the busy button that asked keeps it (aria-disabled) until the
 * answer, which may have its own place to take it.
 */
export const isFocusLost = (from?: HTMLElement | null): boolean => {
  const active = document.activeElement;
  return (
    active === null ||
    active === document.body ||
    (active as HTMLButtonElement).disabled === true ||
    (from != null && active === from)
  );
};

/**
 * Focuses `target` (a heading with tabIndex -1, or the field to try again) when it appears and each
 * time `when` turns true, if the focus was lost (or is still on `from`, the button that asked).
 */
export function useFocusIfLost(
  target: RefObject<HTMLElement | null>,
  when = true,
  from?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (when && isFocusLost(from?.current)) target.current?.focus();
  }, [target, when, from]);
}
