import type { BusinessBulkInput, BusinessBulkResult } from '@portal/contract/business-bulk';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, RequestTimeoutError } from '../../../api/api-error.ts';
import { runBusinessBulk } from '../../../api/business-bulk-api.ts';
import { bulkBody, NOT_CONFIRMED, runInChunks } from './use-bulk-action.ts';

vi.mock('../../../api/business-bulk-api.ts', () => ({ runBusinessBulk: vi.fn() }));
const call = vi.mocked(runBusinessBulk);

const registries = Array.from({ length: 250 }, (_, i) => `REG${String(i + 1).padStart(6, '0')}`);
const applied = (body: BusinessBulkInput): BusinessBulkResult => ({
  success: true,
  results: body.registry_numbers.map((registry) => ({
    business_registry_number: registry,
    status: 200,
    message: 'ok',
  })),
  summary: { succeeded: body.registry_numbers.length, failed: 0 },
});
const lineOf = (outcome: Awaited<ReturnType<typeof runInChunks>>, registry: string) =>
  outcome.results.find((line) => line.business_registry_number === registry);

describe('runInChunks', () => {
  beforeEach(() => call.mockReset());

  it('a first call refused by the server is the error itself: nothing was applied', async () => {
    call.mockRejectedValueOnce(new ApiError('Forbidden', 403));
    await expect(runInChunks({ kind: 'delete', registries }, () => {})).rejects.toBeInstanceOf(ApiError);
  });

  it('a first call without an answer may have been applied: its rows say so, the rest were not sent', async () => {
    call.mockRejectedValueOnce(new RequestTimeoutError(new Error('timeout')));
    const outcome = await runInChunks({ kind: 'verify_email', registries }, () => {});
    expect(outcome.results).toHaveLength(250);
    expect(outcome.succeeded).toBe(0);
    expect(lineOf(outcome, 'REG000100')).toMatchObject({
      status: NOT_CONFIRMED,
      message: 'Sin respuesta del servidor: no se pudo confirmar si se aplicó.',
    });
    expect(lineOf(outcome, 'REG000101')?.message).toBe(
      'No se aplicó: la acción se detuvo antes de llegar a este negocio.',
    );
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('a later call answered 502 by a proxy is unconfirmed, not "No se aplicó"', async () => {
    call.mockImplementationOnce(async (body) => applied(body));
    call.mockRejectedValueOnce(new ApiError('Bad Gateway', 502));
    const outcome = await runInChunks({ kind: 'category', category: 'Bares', registries }, () => {});
    expect(outcome.succeeded).toBe(100);
    expect(lineOf(outcome, 'REG000150')?.message).toBe(
      'Sin respuesta del servidor: no se pudo confirmar si se aplicó.',
    );
    expect(lineOf(outcome, 'REG000250')?.message).toBe(
      'No se aplicó: la acción se detuvo antes de llegar a este negocio.',
    );
  });

  it('a later call refused by the server says why on its rows', async () => {
    call.mockImplementationOnce(async (body) => applied(body));
    call.mockRejectedValueOnce(new ApiError('Invalid request data', 400));
    const outcome = await runInChunks({ kind: 'verify_phone', registries }, () => {});
    expect(lineOf(outcome, 'REG000150')?.message).toMatch(/^No se aplicó: /);
    expect(lineOf(outcome, 'REG000150')?.message).not.toBe(
      'No se aplicó: la acción se detuvo antes de llegar a este negocio.',
    );
  });
});

describe('bulkBody', () => {
  it('names the version of each number of the call that has one, and no versions when none has', () => {
    const versions = new Map([
      ['REG000001', '4'],
      ['REG000300', '2'],
    ]);
    expect(bulkBody({ kind: 'delete', registries, versions }, ['REG000001', 'REG000002'])).toEqual({
      action: 'delete',
      registry_numbers: ['REG000001', 'REG000002'],
      versions: { REG000001: '4' },
    });
    expect(bulkBody({ kind: 'verify_phone', registries, versions }, ['REG000002'])).toEqual({
      action: 'verify',
      registry_numbers: ['REG000002'],
      verified_phone: true,
    });
  });
});
