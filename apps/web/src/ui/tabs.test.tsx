// The tab strip's scroll arrows: one beside each end that hides tabs, and no empty room beside an end
// that hides none. jsdom lays nothing out: the strip's sizes are set by hand and its ResizeObserver
// is called when a test says so.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TabsList, TabsRoot, TabsTrigger } from './tabs.tsx';

let notifySize: () => void = () => {};

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        notifySize = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderStrip() {
  render(
    <TabsRoot value="uno">
      <TabsList aria-label="Secciones">
        <TabsTrigger value="uno">Uno</TabsTrigger>
        <TabsTrigger value="dos">Dos</TabsTrigger>
        <TabsTrigger value="tres">Tres</TabsTrigger>
      </TabsList>
    </TabsRoot>,
  );
  return screen.getByRole('tablist', { name: 'Secciones' });
}

/** Gives the strip a width and a content width, then lets it measure them (it starts scrolled to 0). */
function layOut(list: HTMLElement, { width, content }: { width: number; content: number }) {
  let scrollLeft = 0;
  Object.defineProperties(list, {
    clientWidth: { configurable: true, get: () => width },
    scrollWidth: { configurable: true, get: () => content },
    scrollLeft: {
      configurable: true,
      get: () => scrollLeft,
      set: (value: number) => {
        scrollLeft = value;
      },
    },
  });
  act(() => notifySize());
}

/** Scrolls the strip as a pointer would. */
function scrollTo(list: HTMLElement, left: number) {
  list.scrollLeft = left;
  act(() => {
    list.dispatchEvent(new Event('scroll'));
  });
}

/** What sits in the strip's row, in order: the list and the arrows beside it. */
const rowOf = (list: HTMLElement) =>
  Array.from(list.parentElement?.children ?? []).map((child) =>
    child === list ? 'tabs' : (child.getAttribute('aria-label') ?? 'empty room'),
  );

describe('TabsList', () => {
  it('shows no arrow and keeps no room when every tab fits', () => {
    const list = renderStrip();
    layOut(list, { width: 600, content: 600 });
    expect(rowOf(list)).toEqual(['tabs']);
  });

  it('at the start of a strip that hides tabs at its end: only the end arrow, no room before the tabs', () => {
    const list = renderStrip();
    layOut(list, { width: 300, content: 600 });
    expect(rowOf(list)).toEqual(['tabs', 'Ver más pestañas']);
  });

  it('scrolled to the end: only the start arrow, no room after the tabs', () => {
    const list = renderStrip();
    layOut(list, { width: 300, content: 600 });
    scrollTo(list, 300);
    expect(rowOf(list)).toEqual(['Ver pestañas anteriores', 'tabs']);
  });

  it('in the middle: an arrow on each side', () => {
    const list = renderStrip();
    layOut(list, { width: 300, content: 600 });
    scrollTo(list, 150);
    expect(rowOf(list)).toEqual(['Ver pestañas anteriores', 'tabs', 'Ver más pestañas']);
  });
});
