import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportRecord } from '../../../api/business-import-api.ts';
import { ImportResult } from './import-result.tsx';

afterEach(cleanup);

const record = (values: Partial<ImportRecord>): ImportRecord => ({
  import_id: '6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e',
  file_name: 'negocios.csv',
  status: 'done',
  total_rows: 1,
  processed_rows: 1,
  columns: [],
  mapping: {},
  summary: { create: 1, update: 0, unchanged: 0, error: 0 },
  error_count: 0,
  send_owner_access: false,
  owner_access: null,
  created_by: 'ana@portal.test',
  created_at: '2026-11-28T12:00:00.000Z',
  finished_at: '2026-11-28T12:00:05.000Z',
  ...values,
});

const show = (values: Partial<ImportRecord>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ImportResult record={record(values)} onAnother={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the result of an import', () => {
  it('says how many rows were processed, in the singular for one', () => {
    show({});
    expect(screen.getByText('Se procesó la fila de «negocios.csv».')).toBeTruthy();
    cleanup();
    show({ total_rows: 1_200, processed_rows: 1_200 });
    expect(screen.getByText('Se procesaron las 1,200 filas de «negocios.csv».')).toBeTruthy();
  });

  it('says how far a stopped import got, in the singular for one', () => {
    show({ status: 'failed', total_rows: 3, processed_rows: 1 });
    expect(screen.getByText('La importación se detuvo')).toBeTruthy();
    expect(screen.getByText('Se procesó 1 de 3 filas antes del error.')).toBeTruthy();
    cleanup();
    show({ status: 'failed', total_rows: 3, processed_rows: 2 });
    expect(screen.getByText('Se procesaron 2 de 3 filas antes del error.')).toBeTruthy();
  });
});
