import { LIMITS } from '@portal/contract/limits';
import { Toaster } from 'sonner';
import { MD_UP, useMediaQuery } from '../lib/use-media-query.ts';

// Important (!): sonner's own rules are unlayered, so they beat plain utilities. The close button sits
// inside the toast's top-right corner (sonner's default hangs half outside it), 24 px for a fingertip,
// and the text keeps clear of it.
const CLASS_NAMES = {
  toast: 'pr-10!',
  closeButton: 'top-2! right-2! left-auto! size-6! transform-none!',
};

/**
 * Where toasts appear (SPEC §9: at most 20, 350px wide at most). Raise them with `toast` from 'sonner'.
 * At the bottom, where they cover no header control: bottom-right on a wide screen, centred on a phone.
 */
export function ToastHost() {
  const wide = useMediaQuery(MD_UP) ?? true;
  return (
    <Toaster
      position={wide ? 'bottom-right' : 'bottom-center'}
      visibleToasts={LIMITS.toastLimit}
      // One above another, not stacked: in sonner's stack a new toast slides in over the one before
      // while its text fades (long toasts, three lines on a phone, overlap for a moment), and then
      // hides it, 'Deshacer' and all, behind itself.
      expand
      closeButton
      // The page's direction, given: otherwise sonner reads the computed style of <html> on every render,
      // a forced style recalculation while the signed-in shell first renders.
      dir="ltr"
      // sonner's own names are English ('Notifications', 'Close toast'): a screen reader says these
      containerAriaLabel="Notificaciones"
      toastOptions={{
        style: { maxWidth: `${LIMITS.toastMaxWidthPx}px` },
        classNames: CLASS_NAMES,
        closeButtonAriaLabel: 'Cerrar notificación',
      }}
    />
  );
}
