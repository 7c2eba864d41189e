// The tab strip's scroll arrows: one beside each end that hides tabs, and no empty room beside an end
// that hides none. jsdom lays nothing out: the strip's sizes are set by hand and its ResizeObserver
// is called when a test says so.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
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

/** A strip whose tabs select as they do on the dashboard, with a button before it. */
function SelectingStrip() {
  const [value, setValue] = useState('uno');
  return (
    <>
      <button type="button">Antes</button>
      <TabsRoot value={value} onValueChange={setValue}>
        <TabsList aria-label="Secciones">
          <TabsTrigger value="uno">Uno</TabsTrigger>
          <TabsTrigger value="dos">Dos</TabsTrigger>
          <TabsTrigger value="tres">Tres</TabsTrigger>
        </TabsList>
      </TabsRoot>
    </>
  );
}

/** A left-button press as a mouse makes it: Radix's tab focuses itself and selects on the press. */
const press = (element: HTMLElement) => fireEvent.mouseDown(element, { button: 0, ctrlKey: false });

// Tab from the element before the strip lands on the list itself (tabindex 0), which hands the focus
// on to the selected tab; jsdom does not move the focus on Tab, so the test focuses the list as Tab does.
describe('Tab into the strip', () => {
  it('reaches the selected tab on a fresh page', () => {
    render(<SelectingStrip />);
    screen.getByRole('button', { name: 'Antes' }).focus();
    act(() => screen.getByRole('tablist', { name: 'Secciones' }).focus());
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Uno' }));
  });

  it('reaches the selected tab after a tab was chosen with the mouse', () => {
    render(<SelectingStrip />);
    const dos = screen.getByRole('tab', { name: 'Dos' });
    press(dos);
    fireEvent.click(dos);
    expect(dos.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(dos);

    screen.getByRole('button', { name: 'Antes' }).focus();
    act(() => screen.getByRole('tablist', { name: 'Secciones' }).focus());
    expect(document.activeElement).toBe(dos);
  });

  it('reaches the selected tab after a press on the tab that already had the focus', () => {
    render(<SelectingStrip />);
    const uno = screen.getByRole('tab', { name: 'Uno' });
    act(() => uno.focus());
    press(uno);
    screen.getByRole('button', { name: 'Antes' }).focus();
    act(() => screen.getByRole('tablist', { name: 'Secciones' }).focus());
    expect(document.activeElement).toBe(uno);
  });
});
