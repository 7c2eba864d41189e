import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  downloadImportErrors,
  downloadImportResults,
  getImportErrorRows,
  type ImportRecord,
  type ImportRow,
} from '../../../api/business-import-api.ts';
import { importRecord } from '../test-import-record.ts';
import { ImportResult } from './import-result.tsx';

vi.mock('../../../api/business-import-api.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  downloadImportErrors: vi.fn(),
  downloadImportResults: vi.fn(),
  getImportErrorRows: vi.fn(),
}));

// An import with rows in error reads them; a test about something else reads none.
beforeEach(() => {
  vi.mocked(getImportErrorRows).mockResolvedValue([]);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const record = (values: Partial<ImportRecord>): ImportRecord =>
  importRecord({
    summary: { create: 1, update: 0, unchanged: 0, error: 0 },
    finished_at: '2026-11-28T12:00:05.000Z',
    ...values,
  });

const show = (values: Partial<ImportRecord>) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ImportResult record={record(values)} onAnother={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the result of an import', () => {
  const resultsButton = () => screen.queryByRole('button', { name: 'Descargar resultado por fila' });

  it('says how many rows were processed, in the singular for one', () => {
    show({});
    expect(screen.getByText('Se procesó la fila de «negocios.csv».')).toBeTruthy();
    cleanup();
    show({ total_rows: 1_200, processed_rows: 1_200 });
    expect(screen.getByText('Se procesaron las 1,200 filas de «negocios.csv».')).toBeTruthy();
  });

  /** The banner's paragraphs, its title first. */
  const bannerText = () => [...screen.getByRole('alert').querySelectorAll('p')].map((p) => p.textContent);
  const MARKED = 'El resultado por fila las marca como «No aplicado: la importación se detuvo».';
  const UNEXPECTED = 'Ocurrió un error inesperado.';

  it('says how many rows a stopped import applied and how many it did not, and how the file marks them', () => {
    show({ status: 'failed', total_rows: 3, processed_rows: 1 });
    expect(bannerText()).toEqual([
      'La importación se detuvo',
      `${UNEXPECTED} Se procesó 1 de 3 filas antes de detenerse; las 2 restantes no se aplicaron.`,
      `${MARKED} Para aplicarlas, vuelva a importar esas filas.`,
    ]);
    cleanup();
    show({ status: 'failed', total_rows: 1_200, processed_rows: 1_199 });
    expect(bannerText()[1]).toBe(
      `${UNEXPECTED} Se procesaron 1,199 de 1,200 filas antes de detenerse; la fila restante no se aplicó.`,
    );
    cleanup();
    show({ status: 'failed', total_rows: 3, processed_rows: 0, summary: null });
    expect(bannerText()[1]).toBe(
      `${UNEXPECTED} Se detuvo antes de empezar: no se aplicó ninguna de las 3 filas de «negocios.csv».`,
    );
    cleanup();
    // Stopped between its last batch and the end: every row ran, none is marked, nothing is left to do.
    show({ status: 'failed', total_rows: 3, processed_rows: 3, failure_reason: 'owner_inactive' });
    expect(bannerText()).toEqual([
      'La importación se detuvo',
      'El administrador que la inició ya no está activo. Se procesaron 3 de 3 filas antes de detenerse.',
    ]);
  });

  it('says why an import stopped, and what to do with the rows it did not apply', () => {
    const reasons = [
      [
        'owner_inactive',
        'El administrador que la inició ya no está activo.',
        'Para aplicarlas, vuelva a importar esas filas desde una cuenta activa.',
      ],
      [
        'database',
        'La base de datos no respondió tras varios intentos.',
        'Para aplicarlas, espere unos minutos y vuelva a importar esas filas.',
      ],
      ['unexpected', UNEXPECTED, 'Para aplicarlas, vuelva a importar esas filas.'],
    ] as const;
    for (const [reason, why, next] of reasons) {
      show({ status: 'failed', total_rows: 1_200, processed_rows: 500, failure_reason: reason });
      expect(bannerText()).toEqual([
        'La importación se detuvo',
        `${why} Se procesaron 500 de 1,200 filas antes de detenerse; las 700 restantes no se aplicaron.`,
        `${MARKED} ${next}`,
      ]);
      cleanup();
    }
  });

  it('says no more than the results file holds for an import that stopped before its rows not run were marked', () => {
    show({ status: 'failed', total_rows: 5, processed_rows: 2, row_results: 'rows_run' });
    expect(bannerText()[2]).toBe(
      'El resultado por fila solo incluye las filas procesadas. Para aplicarlas, vuelva a importar esas filas.',
    );
    expect(resultsButton()).toBeTruthy();
    cleanup();
    show({ status: 'failed', total_rows: 5, processed_rows: 0, summary: null, row_results: 'none' });
    expect(bannerText()).toEqual([
      'La importación se detuvo',
      `${UNEXPECTED} Se detuvo antes de empezar: no se aplicó ninguna de las 5 filas de «negocios.csv».`,
      'Para aplicarlas, vuelva a importar esas filas.',
    ]);
    expect(resultsButton()).toBeNull();
    expect(screen.getByText('Esta importación no guardó el resultado por fila.')).toBeTruthy();
    cleanup();
    // A done import that ran before the results were kept: no file to offer or to point to.
    show({
      error_count: 1_200,
      summary: { create: 0, update: 0, unchanged: 0, error: 1_200 },
      row_results: 'none',
    });
    expect(resultsButton()).toBeNull();
    expect(screen.queryByText(/el resultado por fila las incluye todas/)).toBeNull();
    expect(screen.getByText('Esta importación no guardó el resultado por fila.')).toBeTruthy();
  });

  it('says how far a cancelled import got, and what it left unapplied', () => {
    show({ status: 'cancelled', total_rows: 1_200, processed_rows: 500 });
    expect(screen.getByText('Importación cancelada')).toBeTruthy();
    expect(
      screen.getByText(
        'Se procesaron 500 de 1,200 filas antes de cancelar; las 700 restantes no se aplicaron.',
      ),
    ).toBeTruthy();
    cleanup();
    show({ status: 'cancelled', total_rows: 2, processed_rows: 1 });
    expect(
      screen.getByText('Se procesó 1 de 2 filas antes de cancelar; la fila restante no se aplicó.'),
    ).toBeTruthy();
    cleanup();
    show({ status: 'cancelled', total_rows: 3, processed_rows: 0 });
    expect(
      screen.getByText('Se canceló antes de empezar: no se aplicó ninguna de las 3 filas de «negocios.csv».'),
    ).toBeTruthy();
    // Its rows not applied are in the results file, even when none ran.
    expect(screen.getByRole('button', { name: 'Descargar resultado por fila' })).toBeTruthy();
  });

  it("offers each row's result of a done import, and downloads it", async () => {
    show({ import_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' });
    expect(screen.queryByRole('button', { name: 'Descargar errores' })).toBeNull();
    fireEvent.click(resultsButton() as HTMLElement);
    await waitFor(() =>
      expect(downloadImportResults).toHaveBeenCalledWith('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'),
    );
    expect(downloadImportErrors).not.toHaveBeenCalled();
  });

  it("offers a stopped import's results, also when none of its rows ran", async () => {
    show({ status: 'failed', total_rows: 3, processed_rows: 2 });
    expect(resultsButton()).toBeTruthy();
    cleanup();
    show({ status: 'failed', total_rows: 3, processed_rows: 0, summary: null });
    fireEvent.click(resultsButton() as HTMLElement);
    await waitFor(() => expect(downloadImportResults).toHaveBeenCalledWith(record({}).import_id));
  });

  it('says why a download failed', async () => {
    vi.mocked(downloadImportResults).mockRejectedValue(new Error('No se encontró la importación.'));
    vi.mocked(getImportErrorRows).mockResolvedValue(errorRows);
    show({ error_count: 1, summary: { create: 0, update: 0, unchanged: 0, error: 1 } });
    expect(screen.getByRole('button', { name: 'Descargar errores' })).toBeTruthy();
    fireEvent.click(resultsButton() as HTMLElement);
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'No se encontró la importación.',
      ),
    );
  });
});

/** The rows in error of a two-row file whose second row is in error, as the server answers them. */
const errorRows: ImportRow[] = [
  {
    row: 3,
    action: 'error',
    business_name: 'Fila Con Error',
    errors: [{ field: 'business_email', message: 'Por favor ingrese un correo electrónico válido.' }],
  },
];

describe('the result of an import with rows in error', () => {
  const withErrors = (total: number, errors: number) =>
    show({
      total_rows: total,
      processed_rows: total,
      error_count: errors,
      summary: { create: total - errors, update: 0, unchanged: 0, error: errors },
    });
  /** The banner: its tone and paragraphs, its title first. */
  const banner = () => {
    const box = screen.getByText(/^Importación terminada/).closest('[data-tone]') as HTMLElement;
    return { tone: box.dataset.tone, text: [...box.querySelectorAll('p')].map((p) => p.textContent) };
  };
  const ONE_HINT =
    'Revísela en la lista de abajo o descárguela con «Descargar errores» para corregirla e importarla de nuevo.';
  const MANY_HINT =
    'Revíselas en la lista de abajo o descárguelas con «Descargar errores» para corregirlas e importarlas de nuevo.';

  it('warns how many rows were imported and how many were not, and lists the rows in error', async () => {
    vi.mocked(getImportErrorRows).mockResolvedValue(errorRows);
    withErrors(2, 1);
    expect(banner()).toEqual({
      tone: 'warning',
      text: [
        'Importación terminada con errores',
        'Se importó 1 de las 2 filas de «negocios.csv»; 1 fila tiene errores y no se importó.',
        ONE_HINT,
      ],
    });
    const table = await screen.findByRole('table', { name: 'Filas con errores (no se importaron)' });
    const cells = [...table.querySelectorAll('tbody td')].map((cell) => cell.textContent);
    expect(cells).toEqual(['3', 'Fila Con Error', 'Email: Por favor ingrese un correo electrónico válido.']);
    expect(getImportErrorRows).toHaveBeenCalledWith(record({}).import_id, expect.anything());
  });

  it('says it in the plural, and when no row was imported', () => {
    vi.mocked(getImportErrorRows).mockResolvedValue(errorRows);
    withErrors(1_200, 3);
    expect(banner().text.slice(1)).toEqual([
      'Se importaron 1,197 de las 1,200 filas de «negocios.csv»; 3 filas tienen errores y no se importaron.',
      MANY_HINT,
    ]);
    cleanup();
    withErrors(3, 2);
    expect(banner().text[1]).toBe(
      'Se importó 1 de las 3 filas de «negocios.csv»; 2 filas tienen errores y no se importaron.',
    );
    cleanup();
    withErrors(5, 1);
    expect(banner().text[1]).toBe(
      'Se importaron 4 de las 5 filas de «negocios.csv»; 1 fila tiene errores y no se importó.',
    );
    cleanup();
    withErrors(1, 1);
    expect(banner().text.slice(1)).toEqual([
      'No se importó la fila de «negocios.csv»: tiene errores.',
      ONE_HINT,
    ]);
    cleanup();
    withErrors(3, 3);
    expect(banner().text.slice(1)).toEqual([
      'No se importó ninguna de las 3 filas de «negocios.csv»: todas tienen errores.',
      MANY_HINT,
    ]);
  });

  it('keeps the success banner, and reads no errors, when every row went through', () => {
    show({ total_rows: 2, processed_rows: 2, summary: { create: 2, update: 0, unchanged: 0, error: 0 } });
    expect(banner()).toEqual({
      tone: 'success',
      text: ['Importación terminada', 'Se procesaron las 2 filas de «negocios.csv».'],
    });
    expect(screen.queryByRole('table')).toBeNull();
    expect(getImportErrorRows).not.toHaveBeenCalled();
  });

  it('says when it shows only the first of the rows in error', async () => {
    vi.mocked(getImportErrorRows).mockResolvedValue(errorRows);
    withErrors(2_000, 1_500);
    expect(await screen.findByText('Se muestran las primeras 1 de 1,500.')).toBeTruthy();
  });

  it('says when the rows in error could not be read, with Reintentar', async () => {
    vi.mocked(getImportErrorRows).mockRejectedValueOnce(new Error('Error de conexión.'));
    vi.mocked(getImportErrorRows).mockResolvedValueOnce(errorRows);
    withErrors(2, 1);
    const failure = (await screen.findByText('No se pudieron cargar las filas con errores')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(failure.textContent).toContain('Error de conexión.');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Filas con errores (no se importaron)' })).toBeTruthy();
  });
});
