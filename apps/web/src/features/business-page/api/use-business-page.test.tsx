// The business page is read again while its owner's access mail is pending, so staff see the mail
// go out without reloading; never once it has gone (or failed, or is not needed), nor while the
// page is hidden.
import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnerAccess } from '../../../api/business-page-api.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { OWNER_ACCESS_PENDING_REFETCH_MS as EVERY, useBusinessPage } from './use-business-page.ts';

const REGISTRY = 'REG000042';
const PAGE = `/master/business-page/api/v1/business-page/registry/${REGISTRY}`;

const fake = signedInWithFakeFetch();

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  focusManager.setFocused(undefined);
  vi.useRealTimers();
});

const mail = (status: OwnerAccess['status']): OwnerAccess => ({
  status,
  attempts: status === 'pending' ? 1 : 2,
  next_attempt_at: null,
  pending_state: status === 'pending' ? 'retrying' : null,
});

/** The page's answer with the owner's mail as given (null: none was ever queued). */
const answer = (owner_access: OwnerAccess | null) => ({
  status: 200,
  body: {
    success: true,
    business: { business_registry_number: REGISTRY, business_name: 'Colmado La Esquina' },
    locations: [],
    counts: {},
    subscription: null,
    owner_access,
  },
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBusinessPage(REGISTRY), { wrapper });
}

const reads = () => fake().callsTo(PAGE).length;

describe('the business page while the owner’s access mail is pending', () => {
  it('is read again until the mail has gone, then no more', async () => {
    fake().on(`GET ${PAGE}`, answer(mail('pending')), answer(mail('pending')), answer(mail('sent')));
    const { result } = renderPage();
    await vi.waitFor(() => expect(result.current.data?.owner_access?.status).toBe('pending'));
    expect(reads()).toBe(1);

    await vi.advanceTimersByTimeAsync(EVERY);
    await vi.waitFor(() => expect(reads()).toBe(2));
    await vi.advanceTimersByTimeAsync(EVERY);
    await vi.waitFor(() => expect(result.current.data?.owner_access?.status).toBe('sent'));
    expect(reads()).toBe(3);

    // Sent: the page is left as it is.
    await vi.advanceTimersByTimeAsync(EVERY * 6);
    expect(reads()).toBe(3);
  });

  it.each([
    ['failed', mail('failed')],
    ['cancelled', mail('cancelled')],
    ['never queued', null],
  ] as const)('is not read again when the mail is %s', async (_, access) => {
    fake().on(`GET ${PAGE}`, answer(access));
    const { result } = renderPage();
    await vi.waitFor(() => expect(result.current.isSuccess).toBe(true));
    await vi.advanceTimersByTimeAsync(EVERY * 6);
    expect(reads()).toBe(1);
  });

  it('is not read again while the page is hidden', async () => {
    fake().on(`GET ${PAGE}`, answer(mail('pending')));
    const { result } = renderPage();
    await vi.waitFor(() => expect(result.current.isSuccess).toBe(true));
    focusManager.setFocused(false);
    await vi.advanceTimersByTimeAsync(EVERY * 6);
    expect(reads()).toBe(1);
  });
});
