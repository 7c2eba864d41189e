import { type Ref, type RefCallback, useCallback } from 'react';

// Each bar on the page now, and how far above the viewport's bottom its top can reach.
const bars = new Map<Element, number>();

function applyLift() {
  const root = document.documentElement.style;
  if (bars.size === 0) root.removeProperty('--toast-lift');
  else root.setProperty('--toast-lift', `${Math.max(...bars.values())}px`);
}

function assign<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * For a bar stuck to the bottom of the page (a list's selection bar), which the toasts, at the bottom
 * too, must not cover: the bar also carries `data-lifts-toasts`. While it is on the page, <html> holds
 * `--toast-lift`, the bar's height plus its sticky `bottom`, kept up as it grows (a second line, the
 * phone's opened 'Acciones'); styles.css raises the toasts above it by that much. `forwarded` gets the
 * element too. Returns the bar's ref.
 */
export function useToastLift<T extends HTMLElement>(forwarded?: Ref<T>): RefCallback<T> {
  return useCallback(
    (element: T | null) => {
      assign(forwarded, element);
      if (!element) return;
      const measure = () => {
        const bottom = Number.parseFloat(getComputedStyle(element).bottom) || 0;
        bars.set(element, element.offsetHeight + bottom);
        applyLift();
      };
      // Its first report comes after layout, before the paint.
      const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
      if (observer) observer.observe(element);
      else measure();
      return () => {
        observer?.disconnect();
        bars.delete(element);
        applyLift();
        assign(forwarded, null);
      };
    },
    [forwarded],
  );
}
