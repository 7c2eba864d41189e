// A busy button (loading) keeps the keyboard focus and its place in the Tab order: aria-disabled, not
// disabled, which Chromium would drop the focus from. Its clicks do nothing meanwhile.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';

afterEach(cleanup);

function Form({
  loading,
  disabled,
  onSubmit,
}: {
  loading: boolean;
  disabled?: boolean;
  onSubmit: () => void;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <input aria-label="Nombre" />
      <Button type="submit" loading={loading} disabled={disabled}>
        Guardar
      </Button>
    </form>
  );
}

describe('a loading Button', () => {
  it('keeps the focus and its tab stop, says it is busy and ignores clicks', async () => {
    const onClick = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<Button onClick={onClick}>Eliminar</Button>);
    const button = screen.getByRole('button', { name: 'Eliminar' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <Button onClick={onClick} loading>
        Eliminar
      </Button>,
    );
    expect(document.activeElement).toBe(button);
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    button.blur();
    await user.tab();
    expect(document.activeElement).toBe(button);

    rerender(<Button onClick={onClick}>Eliminar</Button>);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('as a submit button, does not send its form again: pressed, clicked or by Enter in a field', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Form loading onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Guardar' });
    button.focus();
    await user.keyboard('{Enter}');
    await user.click(button);
    await user.type(screen.getByLabelText('Nombre'), 'Sol{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-disabled')).toBe('true');
  });
});

describe('a disabled Button', () => {
  it('is natively disabled: out of the Tab order, and its form is not sent', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Form loading={false} disabled onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Guardar' });
    expect(button).toHaveProperty('disabled', true);
    await user.click(button);
    await user.tab();
    await user.tab();
    expect(document.activeElement).not.toBe(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps the focus when it is the busy one of a row that turns all its actions off', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<Form loading={false} onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Guardar' });
    button.focus();
    rerender(<Form loading disabled onSubmit={onSubmit} />);
    expect(document.activeElement).toBe(button);
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends its form once enabled', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Form loading={false} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
