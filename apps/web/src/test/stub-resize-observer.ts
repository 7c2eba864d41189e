import { vi } from 'vitest';

/** jsdom has no ResizeObserver: components that measure themselves (Radix's switches) get one that never reports. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
