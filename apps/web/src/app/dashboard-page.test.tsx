// An admin who opens a link to a master's tab (?tab=auditoria, shared by a master) is told why it does
// not open: the restricted page under the admin's own tabs, which stay usable, the address kept. An
// unknown tab still shows the default one, and the address names it.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MASTER_ONLY_MESSAGES } from '../lib/master-only-messages.ts';
import { sessionStore } from '../session/session-store.ts';
import { adminSession, masterSession } from '../test/session-fixtures.ts';
import { stubResizeObserver } from '../test/stub-resize-observer.ts';
import { DashboardPage } from './dashboard-page.tsx';
import { DASHBOARD_TABS, DEFAULT_TAB, refusedTab, shownTabId, tabsFor } from './dashboard-tabs.tsx';

// The screens themselves are not what is tested: each tab shows its name.
vi.mock('./lazy-screens.tsx', () => ({
  LazyScreen: ({ name }: { name: string }) => <p>pantalla {name}</p>,
}));
vi.mock('./pending-admins-badge.tsx', () => ({ PendingAdminsBadge: () => null }));

beforeEach(() => stubResizeObserver());
afterEach(() => {
  cleanup();
  sessionStore.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Dirección">{`${pathname}${search}`}</output>;
}

function renderDashboard(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <DashboardPage />
      <Address />
    </MemoryRouter>,
  );
}

const address = () => screen.getByRole('status', { name: 'Dirección' }).textContent;
const restricted = () => screen.queryByRole('heading', { level: 2, name: 'Acceso Restringido' });

const MASTER_TABS = [
  ['registrar-admin', MASTER_ONLY_MESSAGES.registration],
  ['aprobar-admins', MASTER_ONLY_MESSAGES.approval],
  ['auditoria', MASTER_ONLY_MESSAGES.audit],
  ['papelera', MASTER_ONLY_MESSAGES.trash],
] as const;

describe('a master tab asked for by an admin', () => {
  beforeEach(() => sessionStore.signIn(adminSession()));

  it.each(MASTER_TABS)(
    '?tab=%s shows the restricted page with its reason, the address kept',
    (tab, reason) => {
      renderDashboard(`/admin-dashboard?tab=${tab}&registro=REG000001`);
      expect(restricted()).not.toBeNull();
      expect(screen.getByText(reason)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Volver Atrás' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Ir al panel principal' })).toBeTruthy();
      expect(address()).toBe(`/admin-dashboard?tab=${tab}&registro=REG000001`);
      // No tab of the admin's is marked as shown, and no screen is.
      for (const each of screen.getAllByRole('tab')) expect(each.getAttribute('aria-selected')).toBe('false');
      expect(screen.queryByText(/^pantalla /)).toBeNull();
    },
  );

  it("keeps the admin's own tabs usable: one of them replaces the restricted page", () => {
    renderDashboard('/admin-dashboard?tab=auditoria');
    expect(restricted()).not.toBeNull();
    const access = screen.getByRole('tab', { name: 'Gestionar Acceso' });
    act(() => {
      fireEvent.mouseDown(access);
    });
    expect(access.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('pantalla access')).toBeTruthy();
    expect(restricted()).toBeNull();
    expect(address()).toBe('/admin-dashboard?tab=acceso');
  });

  it('an unknown tab still shows the default tab, and the address names it', () => {
    renderDashboard('/admin-dashboard?tab=no-existe');
    expect(screen.getByRole('tab', { name: 'Buscar Negocios' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('pantalla directory')).toBeTruthy();
    expect(restricted()).toBeNull();
    expect(address()).toBe('/admin-dashboard?tab=buscar');
  });
});

describe('a master', () => {
  beforeEach(() => sessionStore.signIn(masterSession()));

  it.each(MASTER_TABS)('opens ?tab=%s', (tab) => {
    renderDashboard(`/admin-dashboard?tab=${tab}`);
    expect(restricted()).toBeNull();
    expect(screen.getByText(/^pantalla /)).toBeTruthy();
    expect(address()).toBe(`/admin-dashboard?tab=${tab}`);
  });
});

describe('shownTabId and refusedTab', () => {
  const adminTabs = tabsFor('admin');
  const masterTabs = tabsFor('master');

  it('name the default tab for a missing or unknown value', () => {
    expect(shownTabId(adminTabs, null)).toBe(DEFAULT_TAB);
    expect(shownTabId(adminTabs, 'no-existe')).toBe(DEFAULT_TAB);
    expect(refusedTab(adminTabs, 'no-existe')).toBeUndefined();
  });

  it("keep a master's tab asked for by an admin, as refused", () => {
    expect(shownTabId(adminTabs, 'papelera')).toBe('papelera');
    expect(refusedTab(adminTabs, 'papelera')?.masterOnly).toBe(MASTER_ONLY_MESSAGES.trash);
    expect(refusedTab(adminTabs, 'acceso')).toBeUndefined();
  });

  it('refuse a master nothing', () => {
    for (const tab of DASHBOARD_TABS) {
      expect(shownTabId(masterTabs, tab.id)).toBe(tab.id);
      expect(refusedTab(masterTabs, tab.id)).toBeUndefined();
    }
  });
});
