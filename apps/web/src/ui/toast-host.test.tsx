// sonner gives the focus back to the control focused before the toasts when the focused toast closes;
// when the person moves the focus on from a toast, it stays where they put it (no trap, WCAG 2.1.2).
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastHost } from './toast-host.tsx';

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  cleanup();
});

/** A page with a control before the toasts and one after them, and a toast shown. */
async function pageWithToast() {
  render(
    <>
      <button type="button">Antes</button>
      <button type="button">Después</button>
      <ToastHost />
    </>,
  );
  act(() => {
    toast('Guardado', { duration: Number.POSITIVE_INFINITY });
  });
  const item = (await screen.findByText('Guardado')).closest<HTMLElement>('[data-sonner-toast]');
  if (!item) throw new Error('no toast');
  const before = screen.getByRole('button', { name: 'Antes' });
  // the focus goes from 'Antes' into the toast: sonner keeps 'Antes' to give the focus back to
  before.focus();
  item.focus();
  expect(document.activeElement).toBe(item);
  return { item, before, after: screen.getByRole('button', { name: 'Después' }) };
}

describe('ToastHost', () => {
  it('lets the focus move on from a toast to another control, not back to the one before', async () => {
    const { before, after } = await pageWithToast();
    let refocused = false;
    before.addEventListener('focus', () => {
      refocused = true;
    });
    after.focus();
    expect(document.activeElement).toBe(after);
    expect(refocused, "'Antes' took the focus back, if only for a moment").toBe(false);
  });

  it('lets the focus leave the page from a toast (Tab past the last one)', async () => {
    const { item } = await pageWithToast();
    item.blur();
    expect(document.activeElement).toBe(document.body);
  });

  it('gives the focus back to the control before when the focused toast closes', async () => {
    const { item, before } = await pageWithToast();
    const close = screen.getByRole('button', { name: 'Cerrar notificación' });
    close.focus();
    act(() => close.click());
    // the toast leaves (sonner marks it for its exit animation); Chromium blurs the button it removes
    await waitFor(() => expect(item.dataset.removed).toBe('true'));
    close.blur();
    expect(document.activeElement).toBe(before);
  });

  it('keeps a toast while the focus is in it, and lets it go once the focus leaves', async () => {
    render(
      <>
        <button type="button">Antes</button>
        <ToastHost />
      </>,
    );
    act(() => {
      toast('Eliminado', { duration: 300 });
    });
    const item = (await screen.findByText('Eliminado')).closest<HTMLElement>('[data-sonner-toast]');
    if (!item) throw new Error('no toast');
    screen.getByRole('button', { name: 'Antes' }).focus();
    item.focus();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(item.isConnected && item.dataset.removed !== 'true', 'the focused toast timed out').toBe(true);
    screen.getByRole('button', { name: 'Antes' }).focus();
    await waitFor(() => expect(item.dataset.removed === 'true' || !item.isConnected).toBe(true));
  });
});
