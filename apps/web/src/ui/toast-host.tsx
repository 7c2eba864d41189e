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

// Just below the sticky header (AppHeader: h-16 and its 1 px border), with a small gap.
const BELOW_HEADER = { top: 'calc(4rem + 9px)' };

/**
 * Where toasts appear (SPEC §9: at most 20, 350px wide at most). Raise them with `toast` from 'sonner'.
 * Wide screens: bottom-right, beside the content column. Narrow ones (below md): at the top, just below
 * the sticky header. At the bottom of a phone a toast, the width of the screen, would lie for seconds
 * over the buttons that finish a flow ('Listo' after the recovery codes, a modal's footer, the bulk
 * action bar), and a tap meant for them would land on it. `mobileOffset` is sonner's offset below
 * 600 px, `offset` the one from there up to md.
 */
export function ToastHost() {
  const wide = useMediaQuery(MD_UP) ?? true;
  return (
    <Toaster
      position={wide ? 'bottom-right' : 'top-center'}
      {...(wide ? {} : { offset: BELOW_HEADER, mobileOffset: BELOW_HEADER })}
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
