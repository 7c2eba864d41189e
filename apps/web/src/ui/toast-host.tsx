import { LIMITS } from '@portal/contract/limits';
import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { MD_UP, useMediaQuery } from '../lib/use-media-query.ts';

// Important (!): sonner's own rules are unlayered, so they beat plain utilities. The close button sits
// inside the toast's top-right corner (sonner's default hangs half outside it), 24 px for a fingertip,
// and the text keeps clear of it.
const CLASS_NAMES = {
  toast: 'pr-10!',
  closeButton: 'top-2! right-2! left-auto! size-6! transform-none!',
};

const TOASTER = '[data-sonner-toaster]';

/**
 * sonner gives the focus back to the element focused before the toasts whenever it leaves them (its
 * list's onBlur). That is right when the focused toast goes (its ✕ pressed, or it times out): the focus
 * is not lost to <body>. But when the person moves on, to a control or out of the page (Tab past the
 * last toast: the focus goes to the browser, relatedTarget null), it is a keyboard trap (WCAG 2.1.2):
 * Tab went round the control before, the toast and its ✕. sonner has no option for it, so while such a
 * focusout passes (this capture listener runs before React's, on its root), that element's focus() does
 * nothing; sonner forgets the element all the same, as after any exit. Returns the cleanup.
 */
function letFocusLeaveToasts(): () => void {
  // What sonner will focus: the element the focus came from when it entered the toasts.
  let before: HTMLElement | null = null;
  const onFocusIn = (event: FocusEvent) => {
    const toaster = event.target instanceof Element ? event.target.closest(TOASTER) : null;
    if (!toaster || toaster.contains(event.relatedTarget as Node | null)) return;
    before = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
  };
  const onFocusOut = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const toaster = target.closest(TOASTER);
    if (!toaster || toaster.contains(event.relatedTarget as Node | null) || !before) return;
    // The toast went from under the focus (removed, or leaving: sonner marks it data-removed for its
    // exit animation): sonner's restore is wanted.
    const toastGone = !target.isConnected || target.closest('[data-removed="true"]') !== null;
    if (event.relatedTarget === null && toastGone) return;
    const element = before;
    if (Object.hasOwn(element, 'focus')) return;
    Object.defineProperty(element, 'focus', { configurable: true, value: () => {} });
    // Back once this event's dispatch is over (a task, so also when a listener stops it on the way).
    setTimeout(() => {
      Reflect.deleteProperty(element, 'focus');
    });
  };
  document.addEventListener('focusin', onFocusIn, true);
  document.addEventListener('focusout', onFocusOut, true);
  return () => {
    document.removeEventListener('focusin', onFocusIn, true);
    document.removeEventListener('focusout', onFocusOut, true);
  };
}

/**
 * sonner stops a toast's clock while the pointer is over the toasts, not while the focus is in them: a
 * keyboard user who reached 'Deshacer' could see it go before pressing it (WCAG 2.2.1). Focus entering
 * the toasts tells sonner what a pointer entering would (a mousemove, which expands them and pauses
 * every clock); focus leaving them, what a pointer leaving would (a mouseout to the page). Returns the
 * cleanup.
 */
function pauseToastsWhileFocused(): () => void {
  // The toaster the focus is in, told so; it is told it was left once the focus is anywhere else
  // (checked after the event: a toast removed under the focus is no longer inside anything).
  let paused: Element | null = null;
  const onFocusIn = (event: FocusEvent) => {
    const toaster = event.target instanceof Element ? event.target.closest(TOASTER) : null;
    if (!toaster || toaster === paused) return;
    paused = toaster;
    toaster.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
  };
  const onFocusOut = () => {
    setTimeout(() => {
      if (!paused || paused.contains(document.activeElement)) return;
      paused.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
      paused = null;
    });
  };
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  return () => {
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
  };
}

/**
 * Where toasts appear (SPEC §9: at most 20, 350px wide at most). Raise them with `toast` from 'sonner'.
 * At the bottom, where they cover no header control: bottom-right on a wide screen, centred on a phone.
 * Above a sticky selection bar while one is on the page (data-lifts-toasts: lib/use-toast-lift.ts, styles.css).
 */
export function ToastHost() {
  const wide = useMediaQuery(MD_UP) ?? true;
  useEffect(() => letFocusLeaveToasts(), []);
  useEffect(() => pauseToastsWhileFocused(), []);
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
