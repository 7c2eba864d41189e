// A control that turned disabled still has the focus in Chromium until its next layout (in jsdom for
// good): the hooks must take it as lost, or a request that ends before that layout leaves the focus
// to fall to the page a moment later.
import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { isFocusLost, useFocusIfLost } from './use-focus-if-lost.ts';

afterEach(cleanup);

function MoveButtons({ atStart, saving }: { atStart: boolean; saving: boolean }) {
  const other = useRef<HTMLButtonElement>(null);
  useFocusIfLost(other, !saving);
  return (
    <>
      <button type="button" disabled={saving || atStart}>
        Mover a la izquierda
      </button>
      <button type="button" ref={other} disabled={saving}>
        Mover a la derecha
      </button>
    </>
  );
}

describe('a focused control that turns disabled', () => {
  it('counts as lost focus', () => {
    render(<button type="button">Guardar</button>);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Guardar' });
    button.focus();
    expect(isFocusLost()).toBe(false);
    button.disabled = true;
    expect(isFocusLost()).toBe(true);
  });

  it('gives the focus to the control that stays on, even before the browser drops it', () => {
    const { rerender } = render(<MoveButtons atStart={false} saving={false} />);
    screen.getByRole('button', { name: 'Mover a la izquierda' }).focus();
    act(() => rerender(<MoveButtons atStart={false} saving />));
    act(() => rerender(<MoveButtons atStart saving={false} />));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mover a la derecha' }));
  });
});
