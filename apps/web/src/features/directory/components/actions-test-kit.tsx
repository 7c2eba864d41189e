// Shared set-up of the row-action tests: a business, a fake server and BusinessActions rendered for
// a master (or an admin) session. Test code only.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import type { StoredSession } from '../../../session/session-storage.ts';
import { sessionStore } from '../../../session/session-store.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { masterSession } from '../../../test/session-fixtures.ts';
import { preloadModals } from '../../../ui/business/row-modals/lazy-modals.tsx';
import { BusinessActions } from './business-actions.tsx';
import { RowModals, useRowModal } from './row-modals.tsx';

export const business: BusinessRow = {
  id: 41,
  business_registry_number: 'REG000041',
  business_name: 'Panadería La Esquina',
  business_owner: 'María Rodríguez',
  business_email: 'esquina@example.com',
  business_phone: '7875550102',
  business_address: null,
  business_category: 'Panaderías',
  business_description: null,
  business_year: 2015,
  verified_email: false,
  verified_phone: false,
  business_created_at: '2026-01-10T12:00:00Z',
  registration_date: '2026-01-10T12:00:00Z',
};

/** Installs a fresh fake fetch and session before each test; `fake()` is the current one. */
export function setupFakeServer() {
  let current: ReturnType<typeof installFakeFetch>;
  // Typing through user-event in jsdom is slow on a busy 2-core machine.
  vi.setConfig({ testTimeout: 20_000 });
  // The modals are lazy; compiling them on first use would outlast findByRole's wait.
  beforeAll(() => preloadModals(), 60_000);
  beforeEach(() => {
    localStorage.clear();
    sessionStore.clear();
    current = installFakeFetch();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return () => current;
}

/** The row's buttons and the screen's modals, wired as the directory screen wires them. */
function ActionsHarness({
  shown,
  onBusinessChange,
  onBusinessDeleted,
}: {
  shown: BusinessRow;
  onBusinessChange: (changes: Partial<BusinessRow>) => void;
  onBusinessDeleted: () => void;
}) {
  const modal = useRowModal();
  return (
    <>
      <BusinessActions business={shown} onOpen={modal.open} />
      <RowModals
        state={modal}
        onBusinessChange={(_id, changes) => onBusinessChange(changes)}
        onBusinessDeleted={() => onBusinessDeleted()}
      />
    </>
  );
}

function BusinessPageStandIn() {
  return <h1>Página de {useParams().registro}</h1>;
}

/** The harness on the directory's route; the business page is a heading naming its registry number. */
function OnDirectory({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={['/admin-dashboard']}>
      <Routes>
        <Route path="/admin-dashboard" element={children} />
        <Route path="/negocios/:registro" element={<BusinessPageStandIn />} />
      </Routes>
    </MemoryRouter>
  );
}

export function renderActions(session: StoredSession = masterSession(), shown: BusinessRow = business) {
  sessionStore.signIn(session);
  const onBusinessChange = vi.fn();
  const onBusinessDeleted = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OnDirectory>
        <ActionsHarness
          shown={shown}
          onBusinessChange={onBusinessChange}
          onBusinessDeleted={onBusinessDeleted}
        />
      </OnDirectory>
    </QueryClientProvider>,
  );
  return { onBusinessChange, onBusinessDeleted, user: userEvent.setup() };
}

/** Rows as the directory's table draws them (focusable rows, actions inside); a deleted one leaves. */
function RowsHarness({ rows }: { rows: BusinessRow[] }) {
  const modal = useRowModal();
  const [shown, setShown] = useState(rows);
  return (
    <>
      <table>
        <tbody>
          {shown.map((row) => (
            <tr key={row.id} tabIndex={0} aria-label={row.business_name}>
              <td>
                <BusinessActions business={row} onOpen={modal.open} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <RowModals
        state={modal}
        onBusinessChange={() => {}}
        onBusinessDeleted={(id) => setShown((current) => current.filter((row) => row.id !== id))}
      />
    </>
  );
}

export function renderRows(rows: BusinessRow[], session: StoredSession = masterSession()) {
  sessionStore.signIn(session);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OnDirectory>
        <RowsHarness rows={rows} />
      </OnDirectory>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup() };
}
