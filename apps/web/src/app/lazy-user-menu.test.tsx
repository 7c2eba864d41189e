// The user menu arrives in its own chunk after the header: a press or a click on its stand-in must
// open it, whenever the chunk lands (a press on the stand-in and the click of the same press on
// the menu's trigger was a menu that never opened, in CI).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

afterEach(cleanup);
// A fresh module each time: React.lazy keeps what it loaded, and each test needs the stand-in.
beforeEach(() => vi.resetModules());

const ADMIN = {
  label: 'Ana Rivera',
  role: 'Administrador',
  lastAccess: 'Sesión válida hasta 28 nov 2026, 10:28 p. m.',
  logoutLabel: 'Cerrar Sesión Admin',
};

async function renderMenu() {
  const { LazyUserMenu } = await import('./lazy-user-menu.tsx');
  render(
    <MemoryRouter>
      <LazyUserMenu
        {...ADMIN}
        trigger={<span>Ana Rivera, menú de usuario</span>}
        triggerClassName=""
        pending={false}
        onLogout={() => {}}
      />
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: /menú de usuario$/ });
}

/**
 * The menu's own trigger in place of the stand-in (Radix marks it with its state). Its chunk is
 * transformed on first import, which can take seconds on a busy machine: waitFor's 1 s is too short.
 */
async function menuArrived() {
  const trigger = () => screen.getByRole('button', { name: /menú de usuario$/ });
  await waitFor(() => expect(trigger().getAttribute('data-state')).not.toBeNull(), { timeout: 15_000 });
  return trigger();
}

it('opens when the press was on the stand-in and its click on the menu that replaced it', async () => {
  const standIn = await renderMenu();
  expect(standIn.getAttribute('data-state')).toBeNull();
  standIn.focus(); // a press focuses the button it lands on
  fireEvent.pointerDown(standIn, { button: 0, ctrlKey: false, pointerType: 'mouse' });
  const trigger = await menuArrived();
  fireEvent.click(trigger);
  expect(await screen.findByRole('menuitem', { name: 'Seguridad' })).toBeTruthy();
  expect(trigger.getAttribute('aria-expanded')).toBe('true');
});

it('opens when Space went down on the stand-in and came up on the menu that replaced it', async () => {
  const standIn = await renderMenu();
  standIn.focus();
  fireEvent.keyDown(standIn, { key: ' ' });
  const trigger = await menuArrived();
  fireEvent.keyUp(trigger, { key: ' ' });
  fireEvent.click(trigger);
  expect(await screen.findByRole('menuitem', { name: 'Cambiar contraseña' })).toBeTruthy();
});

it('opens when the stand-in was clicked from the keyboard (a click with no press)', async () => {
  const standIn = await renderMenu();
  fireEvent.click(standIn);
  await menuArrived();
  expect(await screen.findByRole('menuitem', { name: 'Mis sesiones' })).toBeTruthy();
});

it('stays closed until asked, then opens on a press of its own trigger', async () => {
  await renderMenu();
  const trigger = await menuArrived();
  expect(screen.queryByRole('menuitem', { name: 'Seguridad' })).toBeNull();
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
  expect(await screen.findByRole('menuitem', { name: 'Seguridad' })).toBeTruthy();
});
