// An admin who opens a link to a business's 'Auditoría' (/negocios/REG…/auditoria, shared by a master)
// is told why it does not open: the restricted page in the section's place, under the business's
// header and the admin's sections, the address kept. A mistyped section still shows Resumen.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { MASTER_ONLY_MESSAGES } from '../../../lib/master-only-messages.ts';
import { sessionStore } from '../../../session/session-store.ts';
import {
  BUSINESS_PAGE_NAME,
  BUSINESS_PAGE_REGISTRY,
  businessPageAnswer,
} from '../../../test/business-page-answer.ts';
import { adminSession } from '../../../test/session-fixtures.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { stubResizeObserver } from '../../../test/stub-resize-observer.ts';
import BusinessPageScreen from './business-page-screen.tsx';
import { refusedSection, sectionsFor } from './business-sections.ts';

const REGISTRY = BUSINESS_PAGE_REGISTRY;
const PAGE = `/admin/business-page/api/v1/business-page/registry/${REGISTRY}`;
const NAME = BUSINESS_PAGE_NAME;

const fake = signedInWithFakeFetch();

beforeEach(() => {
  stubResizeObserver();
  sessionStore.signIn(adminSession());
});

const page = businessPageAnswer();

function Address() {
  const { pathname } = useLocation();
  return <output aria-label="Dirección">{pathname}</output>;
}

function renderScreen(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/negocios/:registro/:seccion?" element={<BusinessPageScreen />} />
        </Routes>
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const address = () => screen.getByRole('status', { name: 'Dirección' }).textContent;

describe("a master's section asked for by an admin", () => {
  it('shows the restricted page with its reason under the header and the sections, the address kept', async () => {
    fake().on(`GET ${PAGE}`, page);
    renderScreen(`/negocios/${REGISTRY}/auditoria`);
    expect(await screen.findByRole('heading', { level: 1, name: NAME })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Acceso Restringido' })).toBeTruthy();
    expect(screen.getByText(MASTER_ONLY_MESSAGES.businessAudit)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volver Atrás' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ir al panel principal' })).toBeTruthy();
    expect(address()).toBe(`/negocios/${REGISTRY}/auditoria`);
    expect(screen.queryByRole('link', { name: 'Auditoría' })).toBeNull();
    // Not Resumen in disguise: no section is marked as the one shown.
    expect(screen.getByRole('link', { name: 'Resumen' }).getAttribute('aria-current')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Resumen' }));
    expect(address()).toBe(`/negocios/${REGISTRY}`);
    expect(screen.queryByRole('heading', { name: 'Acceso Restringido' })).toBeNull();
  });

  it('a mistyped section still shows Resumen, and the address names it', async () => {
    fake().on(`GET ${PAGE}`, page);
    renderScreen(`/negocios/${REGISTRY}/no-existe`);
    expect(await screen.findByRole('heading', { level: 1, name: NAME })).toBeTruthy();
    expect(address()).toBe(`/negocios/${REGISTRY}`);
    expect(screen.getByRole('link', { name: 'Resumen' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('heading', { name: 'Acceso Restringido' })).toBeNull();
  });
});

describe('refusedSection', () => {
  it("refuses an admin the master's sections only", () => {
    expect(refusedSection(false, 'auditoria')?.masterOnly).toBe(MASTER_ONLY_MESSAGES.businessAudit);
    for (const section of sectionsFor(false)) expect(refusedSection(false, section.path)).toBeUndefined();
    expect(refusedSection(false, 'no-existe')).toBeUndefined();
  });

  it('refuses a master nothing', () => {
    for (const section of sectionsFor(true)) expect(refusedSection(true, section.path)).toBeUndefined();
  });
});
