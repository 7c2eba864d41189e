import { LIMITS } from '@portal/contract/limits';
import { Toaster } from 'sonner';

/** Where toasts appear (SPEC §9: at most 20, 350px wide at most). Raise them with `toast` from 'sonner'. */
export function ToastHost() {
  return (
    <Toaster
      position="top-right"
      visibleToasts={LIMITS.toastLimit}
      closeButton
      // The page's direction, given: otherwise sonner reads the computed style of <html> on every render,
      // a forced style recalculation while the signed-in shell first renders (issue #15).
      dir="ltr"
      toastOptions={{ style: { maxWidth: `${LIMITS.toastMaxWidthPx}px` } }}
    />
  );
}
