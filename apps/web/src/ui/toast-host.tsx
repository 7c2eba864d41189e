import { LIMITS } from '@portal/contract/limits';
import { Toaster } from 'sonner';

/** Where toasts appear (SPEC §9: at most 20, 350px wide at most). Raise them with `toast` from 'sonner'. */
export function ToastHost() {
  return (
    <Toaster
      position="top-right"
      visibleToasts={LIMITS.toastLimit}
      closeButton
      toastOptions={{ style: { maxWidth: `${LIMITS.toastMaxWidthPx}px` } }}
    />
  );
}
