// The phone's header menu closes as any disclosure menu does: Escape (the focus back on its button),
// a press outside it, or an item chosen. A press inside it, or an Escape a layer above it has used,
// leaves it open.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { sessionStore } from '../session/session-store.ts';
import { adminSession } from '../test/session-fixtures.ts';
import { AppHeader } from './app-header.tsx';

beforeEach(() => sessionStore.signIn(adminSession()));
afterEach(() => {
  cleanup();
  sessionStore.clear();
  localStorage.clear();
});

const menuNav = () => screen.queryByRole('navigation', { name: 'Secciones del panel' });

/** The header with a page beside it, its phone menu opened by a click on its button. */
function renderOpenMenu() {
  render(
    <MemoryRouter initialEntries={['/admin-dashboard?tab=buscar']}>
      <AppHeader />
      <main>
        <button type="button">Detrás del menú</button>
      </main>
    </MemoryRouter>,
  );
  const toggle = screen.getByRole('button', { name: 'Abrir menú' });
  fireEvent.click(toggle);
  expect(menuNav()).not.toBeNull();
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(toggle.getAttribute('aria-label')).toBe('Cerrar menú');
  return toggle;
}

function expectClosed(toggle: HTMLElement) {
  expect(menuNav()).toBeNull();
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(toggle.getAttribute('aria-label')).toBe('Abrir menú');
}

it('Escape on an item of the menu closes it and gives the focus back to its button', () => {
  const toggle = renderOpenMenu();
  const item = screen.getByRole('link', { name: 'Mis sesiones' });
  item.focus();
  fireEvent.keyDown(item, { key: 'Escape' });
  expectClosed(toggle);
  expect(document.activeElement).toBe(toggle);
});

it('Escape with the focus nowhere in particular (a click on the menu text) closes it too', () => {
  const toggle = renderOpenMenu();
  toggle.blur();
  fireEvent.keyDown(document.body, { key: 'Escape' });
  expectClosed(toggle);
  expect(document.activeElement).toBe(toggle);
});

it('an Escape already used by a layer above the menu (a dialog closing) leaves the menu open', () => {
  renderOpenMenu();
  // As Radix's dismissable layers do: a captured listener on the document, which marks the key as used.
  const layerAbove = (event: KeyboardEvent) => event.preventDefault();
  document.addEventListener('keydown', layerAbove, true);
  try {
    fireEvent.keyDown(document.body, { key: 'Escape' });
  } finally {
    document.removeEventListener('keydown', layerAbove, true);
  }
  expect(menuNav()).not.toBeNull();
});

it('other keys leave it open', () => {
  const toggle = renderOpenMenu();
  fireEvent.keyDown(toggle, { key: 'Enter' });
  fireEvent.keyDown(document.body, { key: 'a' });
  expect(menuNav()).not.toBeNull();
});

it('a press outside the menu and its button closes it', () => {
  const toggle = renderOpenMenu();
  fireEvent.pointerDown(screen.getByRole('button', { name: 'Detrás del menú' }));
  expectClosed(toggle);
});

it('a press on the header beside the button (its title) closes it', () => {
  const toggle = renderOpenMenu();
  fireEvent.pointerDown(screen.getByText('Portal de Administración'));
  expectClosed(toggle);
});

it('a press inside the menu leaves it open', () => {
  const toggle = renderOpenMenu();
  const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!panel) throw new Error('the menu has no panel');
  fireEvent.pointerDown(panel);
  fireEvent.pointerDown(within(panel).getByText('Administrador'));
  fireEvent.pointerDown(screen.getByRole('link', { name: 'Seguridad' }));
  expect(menuNav()).not.toBeNull();
});

it('its button still closes it: the press on the button is not an outside press that reopens it', () => {
  const toggle = renderOpenMenu();
  fireEvent.pointerDown(toggle);
  fireEvent.click(toggle);
  expectClosed(toggle);
  fireEvent.click(toggle);
  expect(menuNav()).not.toBeNull();
});

it('choosing an item closes it', () => {
  const toggle = renderOpenMenu();
  fireEvent.click(screen.getByRole('link', { name: 'Gestionar Contenido' }));
  expectClosed(toggle);
  fireEvent.click(toggle);
  fireEvent.click(screen.getByRole('link', { name: 'Cambiar contraseña' }));
  expectClosed(toggle);
});

it('once closed, Escape and presses elsewhere do nothing to the focus', () => {
  const toggle = renderOpenMenu();
  fireEvent.click(toggle);
  const behind = screen.getByRole('button', { name: 'Detrás del menú' });
  behind.focus();
  fireEvent.keyDown(behind, { key: 'Escape' });
  expect(document.activeElement).toBe(behind);
  expectClosed(toggle);
});
