import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnerAccess } from '../../../api/business-page-api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { OWNER_ACCESS_TEXT, OwnerAccessBanner } from './owner-access-banner.tsx';
import { OWNER_ACCESS_PENDING_TEXT as TEXT } from './owner-access-pending.tsx';

let fake: ReturnType<typeof installFakeFetch>;

beforeEach(() => {
  fake = installFakeFetch();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pending = (changes: Partial<OwnerAccess>): OwnerAccess => ({
  status: 'pending',
  attempts: 0,
  next_attempt_at: null,
  pending_state: 'queued',
  ...changes,
});

function renderBanner(access: OwnerAccess) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OwnerAccessBanner registry="REG000042" access={access} />
    </QueryClientProvider>,
  );
  return screen.getByRole('status');
}

/** The value next to a label of the note ('Intentos hasta ahora', 'Próximo intento'). */
const detail = (note: HTMLElement, label: string) =>
  within(note).getByText(`${label}:`).nextElementSibling?.textContent ?? '';

describe('OwnerAccessBanner: a pending mail', () => {
  it('after a refused try: says it is tried again by itself, how many tries and when the next is', () => {
    const next = new Date(Date.now() + 2 * 60 * 60_000).toISOString();
    const note = renderBanner(pending({ attempts: 2, next_attempt_at: next, pending_state: 'retrying' }));
    expect(within(note).getByText(TEXT.title)).toBeTruthy();
    expect(within(note).getByText(TEXT.retrying)).toBeTruthy();
    expect(detail(note, TEXT.attempts)).toBe('2');
    expect(detail(note, TEXT.nextAttempt)).toContain(formatDateTime(next));
    expect(note.querySelector('time')?.getAttribute('dateTime')).toBe(next);
    // Calm: no warning, and nothing to click while a try is pending.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(OWNER_ACCESS_TEXT.title)).toBeNull();
    expect(fake.calls).toHaveLength(0);
  });

  it('not tried yet and already due: queued, no tries, next try soon', () => {
    const due = new Date(Date.now() - 5_000).toISOString();
    const note = renderBanner(pending({ next_attempt_at: due }));
    expect(within(note).getByText(TEXT.queued)).toBeTruthy();
    expect(detail(note, TEXT.attempts)).toBe('0');
    expect(detail(note, TEXT.nextAttempt)).toBe(TEXT.soon);
  });

  it('a try under way, or waiting for the trash: no next try is shown', () => {
    const lease = new Date(Date.now() + 5 * 60_000).toISOString();
    const sending = renderBanner(pending({ attempts: 1, next_attempt_at: lease, pending_state: 'sending' }));
    expect(within(sending).getByText(TEXT.sending)).toBeTruthy();
    expect(detail(sending, TEXT.attempts)).toBe('1');
    expect(within(sending).queryByText(`${TEXT.nextAttempt}:`)).toBeNull();
    cleanup();

    const inTrash = renderBanner(pending({ attempts: 3, pending_state: 'in_trash' }));
    expect(within(inTrash).getByText(TEXT.inTrash)).toBeTruthy();
    expect(detail(inTrash, TEXT.attempts)).toBe('3');
    expect(within(inTrash).queryByText(`${TEXT.nextAttempt}:`)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
