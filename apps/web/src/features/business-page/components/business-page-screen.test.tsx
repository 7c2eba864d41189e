// A read of the business page that fails after the page has shown (the owner's mail being
// followed, say) keeps the page as last read, with the failure and 'Reintentar' above it; only a
// first read that fails has nothing else to show.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BUSINESS_PAGE_NAME,
  BUSINESS_PAGE_REGISTRY,
  businessPageAnswer,
} from '../../../test/business-page-answer.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { stubResizeObserver } from '../../../test/stub-resize-observer.ts';
import { OWNER_ACCESS_PENDING_REFETCH_MS as EVERY } from '../api/use-business-page.ts';
import BusinessPageScreen from './business-page-screen.tsx';

const REGISTRY = BUSINESS_PAGE_REGISTRY;
const PAGE = `/master/business-page/api/v1/business-page/registry/${REGISTRY}`;
const NAME = BUSINESS_PAGE_NAME;

const fake = signedInWithFakeFetch();

beforeEach(() => {
  stubResizeObserver();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const page = businessPageAnswer({
  status: 'pending',
  attempts: 1,
  next_attempt_at: null,
  pending_state: 'retrying',
});
const unavailable = { status: 503, body: { success: false, message: 'Service unavailable' } };

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/negocios/${REGISTRY}`]}>
        <Routes>
          <Route path="/negocios/:registro/:seccion?" element={<BusinessPageScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the business page when a read fails', () => {
  it('keeps the page it showed when a later read fails, and reads it again on Reintentar', async () => {
    fake().on(`GET ${PAGE}`, page, unavailable, page);
    renderScreen();
    expect(await screen.findByRole('heading', { name: NAME })).toBeTruthy();

    await vi.advanceTimersByTimeAsync(EVERY);
    const failure = (await screen.findByText('No se pudo actualizar el negocio')).closest('[role="alert"]');
    if (!(failure instanceof HTMLElement)) throw new Error('the failure is not announced');
    expect(screen.getByRole('heading', { name: NAME })).toBeTruthy();
    expect(screen.queryByText('No se pudo cargar el negocio')).toBeNull();

    await userEvent.click(within(failure).getByRole('button', { name: 'Reintentar' }));
    await vi.waitFor(() => expect(screen.queryByText('No se pudo actualizar el negocio')).toBeNull());
    expect(screen.getByRole('heading', { name: NAME })).toBeTruthy();
  });

  it('says it could not load the business when the first read fails', async () => {
    fake().on(`GET ${PAGE}`, unavailable);
    renderScreen();
    expect(await screen.findByText('No se pudo cargar el negocio')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: NAME })).toBeNull();
  });
});
