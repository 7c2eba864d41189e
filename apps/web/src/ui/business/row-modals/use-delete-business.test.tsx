import { BUSINESS_TRASH_PATH } from '@portal/contract/business-trash';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../../api/runtime-config.ts';
import { UNCONFIRMED } from '../../../lib/failure-text.ts';
import { neverAnswer } from '../../../test/never-answer.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { UNDO_TEXTS, useDeleteBusiness } from './use-delete-business.ts';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const REGISTRY = 'REG000041';
const DELETE = `DELETE /master/business-deletion/${REGISTRY}`;
const RESTORE = `POST ${BUSINESS_TRASH_PATH}/registry/${REGISTRY}/restore`;
const fake = signedInWithFakeFetch();

beforeEach(() => {
  fake().on(DELETE, { status: 200, body: { success: true, message: 'Negocio eliminado exitosamente.' } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

/** Deletes the business, then clicks 'Deshacer' in the toast; resolves when the undo settled. */
async function deleteThenUndo(whileUndoing: () => Promise<unknown> = async () => {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useDeleteBusiness(REGISTRY, 'Panadería La Esquina'), { wrapper });
  await act(() => result.current.mutateAsync(undefined));
  const undo = toast.mock.calls[0]?.[1]?.action?.onClick as () => void;
  undo();
  await whileUndoing();
  await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
  return toast.error.mock.calls[0]?.[0] as string;
}

describe("'Deshacer' of a deletion that fails", () => {
  it('without a connection, says the restore failed and why', async () => {
    fake().on(RESTORE, 'network-error');
    expect(await deleteThenUndo()).toBe(
      `${UNDO_TEXTS.restoreFailed} Error de conexión. Por favor intente nuevamente.`,
    );
  });

  it('without an answer in time, says it may have been restored and where to look', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    neverAnswer(RESTORE);
    const text = await deleteThenUndo(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS));
    expect(text).toBe(UNCONFIRMED.restore);
  });
});
