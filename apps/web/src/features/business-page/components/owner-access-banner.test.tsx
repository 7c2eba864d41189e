import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BusinessPage } from '../../../api/business-page-api.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { OWNER_ACCESS_TEXT, OwnerAccessBanner } from './owner-access-banner.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const REGISTRY = 'REG000042';
const RETRY = `/master/business-page/api/v1/business-page/registry/${REGISTRY}/owner-access/retry`;
const settled = (status: 'sent' | 'failed' | 'cancelled', attempts: number) =>
  ({ status, attempts, next_attempt_at: null, pending_state: null }) as const;
const failed: BusinessPage['owner_access'] = settled('failed', 10);

const fake = signedInWithFakeFetch();

afterEach(() => {
  vi.clearAllMocks();
});

function renderBanner(access: BusinessPage['owner_access']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OwnerAccessBanner registry={REGISTRY} access={access} />
    </QueryClientProvider>,
  );
}

const retryButton = () => screen.getByRole('button', { name: OWNER_ACCESS_TEXT.retry });

describe('OwnerAccessBanner', () => {
  it('warns of a failed mail, and its button sends the retry and says it was sent', async () => {
    fake().on(`POST ${RETRY}`, {
      status: 200,
      body: { success: true, owner_access: settled('sent', 1), sent: true },
    });
    renderBanner(failed);
    expect(screen.getByRole('alert').textContent).toContain(OWNER_ACCESS_TEXT.title);
    expect(screen.getByText(OWNER_ACCESS_TEXT.body)).toBeTruthy();
    await userEvent.setup().click(retryButton());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(OWNER_ACCESS_TEXT.sent));
    expect(fake().callsTo(RETRY)).toHaveLength(1);
    expect(fake().callsTo(RETRY)[0]?.method).toBe('POST');
    expect(toast.info).not.toHaveBeenCalled();
  });

  it('says the mail stays queued when the mail server still refused it', async () => {
    fake().on(`POST ${RETRY}`, {
      status: 200,
      body: {
        success: true,
        owner_access: {
          status: 'pending',
          attempts: 1,
          next_attempt_at: '2026-01-10T12:01:00.000Z',
          pending_state: 'retrying',
        },
        sent: false,
      },
    });
    renderBanner(failed);
    await userEvent.setup().click(retryButton());
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith(OWNER_ACCESS_TEXT.queued));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows why a refused retry failed, under the button, and keeps the button', async () => {
    fake().on(`POST ${RETRY}`, {
      status: 409,
      body: {
        success: false,
        error: 'There is no failed access mail for this business',
        message: 'There is no failed access mail for this business',
      },
    });
    renderBanner(failed);
    await userEvent.setup().click(retryButton());
    expect(await screen.findByText(/no failed access mail|correo de acceso fallido/)).toBeTruthy();
    expect(retryButton()).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows nothing once the latest mail is sent or not needed, or when there is none', () => {
    for (const access of [null, settled('sent', 1), settled('cancelled', 1)]) {
      renderBanner(access);
      expect(screen.queryByText(OWNER_ACCESS_TEXT.title)).toBeNull();
      expect(screen.queryByRole('button')).toBeNull();
      cleanup();
    }
    expect(fake().calls).toHaveLength(0);
  });
});
