// The import screen as staff reach it: an import that no longer exists (or a damaged link) leads
// back to a new import instead of a 'Reintentar' that cannot work; one row is 'fila', not 'filas'.
import { IMPORT_MSG } from '@portal/contract/business-import';
import { spanishMessage } from '@portal/contract/messages-es';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerSpanishMessages } from '../../../lib/spanish-messages.ts';
import { sessionStore } from '../../../session/session-store.ts';
import { adminSession } from '../../../test/session-fixtures.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { importRecord, TEST_IMPORT_ID } from '../test-import-record.ts';
import ImportScreen from './import-screen.tsx';

const IMPORTS = '/master/business-import/api/v1/imports';
const fake = signedInWithFakeFetch();
beforeAll(registerSpanishMessages);

function Search() {
  return <output aria-label="búsqueda">{useLocation().search}</output>;
}

const show = (search: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/importar${search}`]}>
        <Routes>
          <Route
            path="/importar"
            element={
              <>
                <ImportScreen />
                <Search />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the import screen', () => {
  it.each([
    [404, 'Import not found'],
    [400, 'Invalid request data'],
  ])('offers a new import, not Reintentar, for an import the server answers %i', async (status, error) => {
    fake().on(`GET ${IMPORTS}/${TEST_IMPORT_ID}`, {
      status,
      body: { success: false, error, message: error },
    });
    fake().on(`GET ${IMPORTS}`, { status: 200, body: { success: true, imports: [] } });
    show(`?importacion=${TEST_IMPORT_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'No se encontró la importación' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Importar un archivo' }));
    expect(await screen.findByRole('button', { name: 'Elegir archivo' })).toBeTruthy();
    expect(screen.getByLabelText('búsqueda').textContent).toBe('');
  });

  it('keeps Reintentar for a server that failed', async () => {
    fake().on(`GET ${IMPORTS}/${TEST_IMPORT_ID}`, { status: 503, body: { success: false, error: 'x' } });
    show(`?importacion=${TEST_IMPORT_ID}`);
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(screen.getByText('No se pudo abrir la importación')).toBeTruthy();
  });

  it("says '1 fila' for a one-row file, in its columns and in the recent imports", async () => {
    const uploaded = importRecord({
      status: 'uploaded',
      total_rows: 1,
      processed_rows: 0,
      columns: ['Nombre'],
      mapping: { Nombre: 'business_name' },
    });
    fake().on(`GET ${IMPORTS}/${TEST_IMPORT_ID}`, { status: 200, body: { success: true, import: uploaded } });
    show(`?importacion=${TEST_IMPORT_ID}`);
    expect(
      await screen.findByRole('heading', { name: '1. Columnas de «negocios.csv» (1 fila)' }),
    ).toBeTruthy();
    cleanup();
    fake().on(`GET ${IMPORTS}`, { status: 200, body: { success: true, imports: [uploaded] } });
    show('');
    expect(await screen.findByText('1 fila')).toBeTruthy();
  });

  it("marks each recent import with its status in the feminine ('la importación'), 'Terminada con errores' for rows in error", async () => {
    const statuses = [
      ['limpio.csv', { status: 'done', error_count: 0 }, 'Terminada'],
      ['con-errores.csv', { status: 'done', error_count: 3 }, 'Terminada con errores'],
      ['detenida.csv', { status: 'failed' }, 'Detenida'],
      ['cancelada.csv', { status: 'cancelled' }, 'Cancelada'],
      ['subida.csv', { status: 'uploaded' }, 'Subida'],
      ['revisada.csv', { status: 'previewed' }, 'Revisada'],
    ] as const;
    const imports = statuses.map(([file_name, values], i) =>
      importRecord({ import_id: `id${i}`, file_name, ...values }),
    );
    fake().on(`GET ${IMPORTS}`, { status: 200, body: { success: true, imports } });
    show('');
    for (const [file, , label] of statuses) {
      const row = (await screen.findByRole('link', { name: file })).closest('li') as HTMLElement;
      expect(within(row).getByText(label)).toBeTruthy();
    }
    expect(screen.queryByText(/\b(Terminado|Detenido|Subido|Revisado)\b/)).toBeNull();
  });

  it('tells the master who started each recent import, the master as Usuario maestro', async () => {
    const imports = [
      importRecord({
        import_id: 'a1',
        file_name: 'de-ana.csv',
        created_by: 'ana@portal.test',
        total_rows: 3,
      }),
      importRecord({ import_id: 'b2', file_name: 'del-maestro.csv', created_by: 'Master' }),
    ];
    fake().on(`GET ${IMPORTS}`, { status: 200, body: { success: true, imports } });
    show('');
    const row = async (name: string) =>
      (await screen.findByRole('link', { name })).closest('li') as HTMLElement;
    expect(within(await row('de-ana.csv')).getByText('por ana@portal.test')).toBeTruthy();
    expect(within(await row('del-maestro.csv')).getByText('por Usuario maestro')).toBeTruthy();
    // '3 filas' and the date and time are each one piece that does not break inside.
    expect(within(await row('de-ana.csv')).getByText('3 filas').className).toContain('whitespace-nowrap');
  });

  it("does not name who started an admin's recent imports: they are all the admin's own", async () => {
    sessionStore.signIn(adminSession());
    const imports = [importRecord({ import_id: 'a1', file_name: 'mio.csv', created_by: 'ana@portal.test' })];
    fake().on('GET /admin/business-import/api/v1/imports', {
      status: 200,
      body: { success: true, imports },
    });
    show('');
    expect(await screen.findByRole('link', { name: 'mio.csv' })).toBeTruthy();
    expect(screen.queryByText(/^por /)).toBeNull();
  });

  it("discards a wrong file with 'Descartar y elegir otro archivo', the focus on 'Elegir archivo'", async () => {
    const wrong = importRecord({
      status: 'uploaded',
      total_rows: 1,
      processed_rows: 0,
      columns: ['a', 'b', 'c'],
      mapping: { a: null, b: null, c: null },
    });
    fake().on(`GET ${IMPORTS}/${TEST_IMPORT_ID}`, { status: 200, body: { success: true, import: wrong } });
    fake().on(`GET ${IMPORTS}`, { status: 200, body: { success: true, imports: [wrong] } });
    fake().on(`DELETE ${IMPORTS}/${TEST_IMPORT_ID}`, {
      status: 200,
      body: { success: true, message: 'Import discarded' },
    });
    const release = fake().hold(`DELETE ${IMPORTS}/${TEST_IMPORT_ID}`);
    show(`?importacion=${TEST_IMPORT_ID}`);
    expect(await screen.findByText('Faltan campos obligatorios')).toBeTruthy();
    const discard = screen.getByRole('button', { name: 'Descartar y elegir otro archivo' });
    fireEvent.click(discard);
    // Until the server has deleted it, the review stays, its button busy.
    await waitFor(() => expect(discard.getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByLabelText('búsqueda').textContent).toBe(`?importacion=${TEST_IMPORT_ID}`);
    release();
    const choose = await screen.findByRole('button', { name: 'Elegir archivo' });
    await waitFor(() => expect(document.activeElement).toBe(choose));
    expect(screen.getByLabelText('búsqueda').textContent).toBe('');
    expect(fake().calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('keeps the review and says why when the discard fails', async () => {
    const wrong = importRecord({ status: 'uploaded', total_rows: 1, processed_rows: 0 });
    fake().on(`GET ${IMPORTS}/${TEST_IMPORT_ID}`, { status: 200, body: { success: true, import: wrong } });
    fake().on(`DELETE ${IMPORTS}/${TEST_IMPORT_ID}`, {
      status: 503,
      body: { success: false, error: 'Service unavailable', message: 'Service unavailable' },
    });
    show(`?importacion=${TEST_IMPORT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Descartar y elegir otro archivo' }));
    expect(await screen.findByText(/El servicio no está disponible/)).toBeTruthy();
    expect(screen.getByLabelText('búsqueda').textContent).toBe(`?importacion=${TEST_IMPORT_ID}`);
    expect(screen.getByRole('button', { name: 'Descartar y elegir otro archivo' })).toBeTruthy();
  });

  it("turns 'Descartar y elegir otro archivo' off while 'Importar' starts the import", async () => {
    const url = `${IMPORTS}/${TEST_IMPORT_ID}`;
    const reviewed = importRecord({
      status: 'previewed',
      processed_rows: 0,
      columns: ['business_registry_number'],
      mapping: { business_registry_number: 'business_registry_number' },
      summary: { create: 1, update: 0, unchanged: 0, error: 0 },
    });
    fake().on(`GET ${url}`, { status: 200, body: { success: true, import: reviewed } });
    fake().on(`POST ${url}/preview`, { status: 200, body: { success: true, import: reviewed, rows: [] } });
    show(`?importacion=${TEST_IMPORT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Ver vista previa' }));
    fake().hold(`POST ${url}/commit`);
    fireEvent.click(await screen.findByRole('button', { name: 'Importar 1 negocio' }));
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Descartar y elegir otro archivo' }).hasAttribute('disabled'),
      ).toBe(true),
    );
  });

  it('says when the progress of a running import could not be read, until a read succeeds', async () => {
    const running = (processed: number) =>
      importRecord({ status: 'running', total_rows: 1_200, processed_rows: processed });
    const url = `GET ${IMPORTS}/${TEST_IMPORT_ID}`;
    fake().on(url, { status: 200, body: { success: true, import: running(500) } });
    fake().on(url, { status: 503, body: { success: false, error: 'Service unavailable' } });
    fake().on(url, { status: 200, body: { success: true, import: running(1_000) } });
    show(`?importacion=${TEST_IMPORT_ID}`);
    expect(await screen.findByText(/500 de 1,200 filas procesadas/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Elegir otro archivo' })).toBeNull();
    expect(screen.queryByText('No se pudo consultar el avance')).toBeNull();
    expect(await screen.findByText('No se pudo consultar el avance', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText(/500 de 1,200 filas procesadas/)).toBeTruthy();
    expect(await screen.findByText(/1,000 de 1,200 filas procesadas/, {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByText('No se pudo consultar el avance')).toBeNull();
  });

  it.each([
    ['Ver vista previa', 'preview', {}],
    ['Importar 1 negocio', 'commit', { summary: { create: 1, update: 0, unchanged: 0, error: 0 } }],
  ])(
    "moves on to the progress when '%s' finds the import started in another tab",
    async (button, call, values) => {
      const url = `${IMPORTS}/${TEST_IMPORT_ID}`;
      const reviewed = importRecord({
        status: 'previewed',
        processed_rows: 0,
        columns: ['business_registry_number'],
        mapping: { business_registry_number: 'business_registry_number' },
        ...values,
      });
      fake().on(`GET ${url}`, { status: 200, body: { success: true, import: reviewed } });
      show(`?importacion=${TEST_IMPORT_ID}`);
      if (call === 'commit') {
        fake().on(`POST ${url}/preview`, {
          status: 200,
          body: { success: true, import: reviewed, rows: [] },
        });
        fireEvent.click(await screen.findByRole('button', { name: 'Ver vista previa' }));
      }
      const started = 'This import has already been started';
      fake().on(`POST ${url}/${call}`, {
        status: 409,
        body: { success: false, error: started, message: started },
      });
      fake().on(`GET ${url}`, {
        status: 200,
        body: { success: true, import: importRecord({ status: 'running', processed_rows: 0 }) },
      });
      fireEvent.click(await screen.findByRole('button', { name: button }));
      expect(await screen.findByRole('heading', { name: 'Importando negocios...' })).toBeTruthy();
    },
  );

  it("moves the focus from 'Ver vista previa', busy meanwhile, to the preview it shows", async () => {
    const url = `${IMPORTS}/${TEST_IMPORT_ID}`;
    const reviewed = importRecord({
      status: 'previewed',
      processed_rows: 0,
      columns: ['business_registry_number'],
      mapping: { business_registry_number: 'business_registry_number' },
      summary: { create: 1, update: 0, unchanged: 0, error: 0 },
    });
    fake().on(`GET ${url}`, { status: 200, body: { success: true, import: reviewed } });
    const release = fake().hold(`POST ${url}/preview`);
    fake().on(`POST ${url}/preview`, { status: 200, body: { success: true, import: reviewed, rows: [] } });
    show(`?importacion=${TEST_IMPORT_ID}`);
    const button = await screen.findByRole('button', { name: 'Ver vista previa' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    expect(document.activeElement).toBe(button);
    release();
    const heading = await screen.findByRole('heading', { name: '2. Vista previa' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it("drops its preview and asks for another when 'Importar' finds other columns previewed in another tab", async () => {
    const url = `${IMPORTS}/${TEST_IMPORT_ID}`;
    const reviewed = importRecord({
      status: 'previewed',
      processed_rows: 0,
      columns: ['business_registry_number'],
      mapping: { business_registry_number: 'business_registry_number' },
      summary: { create: 1, update: 0, unchanged: 0, error: 0 },
    });
    fake().on(`GET ${url}`, { status: 200, body: { success: true, import: reviewed } });
    fake().on(`POST ${url}/preview`, { status: 200, body: { success: true, import: reviewed, rows: [] } });
    show(`?importacion=${TEST_IMPORT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Ver vista previa' }));
    const changed = IMPORT_MSG.previewChanged;
    fake().on(`POST ${url}/commit`, {
      status: 409,
      body: { success: false, error: changed, message: changed },
    });
    fake().on(`GET ${url}`, { status: 200, body: { success: true, import: reviewed } });
    fireEvent.click(await screen.findByRole('button', { name: 'Importar 1 negocio' }));
    expect((await screen.findByRole('alert')).textContent).toBe(spanishMessage(changed));
    expect(screen.queryByRole('heading', { name: '2. Vista previa' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Importar 1 negocio' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ver vista previa' })).toBeTruthy();
  });

  it.each([
    [
      'every row unchanged',
      { create: 0, update: 0, unchanged: 3, error: 0 },
      'el directorio ya tiene estos datos.',
    ],
    ['rows in error', { create: 0, update: 0, unchanged: 1, error: 2 }, 'corrija las filas con errores'],
  ])(
    "says why 'Importar' is off when no row creates or updates a business: %s",
    async (_case, summary, why) => {
      const url = `${IMPORTS}/${TEST_IMPORT_ID}`;
      const reviewed = importRecord({
        status: 'previewed',
        processed_rows: 0,
        columns: ['business_registry_number'],
        mapping: { business_registry_number: 'business_registry_number' },
      });
      fake().on(`GET ${url}`, { status: 200, body: { success: true, import: reviewed } });
      fake().on(`POST ${url}/preview`, {
        status: 200,
        body: { success: true, import: { ...reviewed, summary }, rows: [] },
      });
      show(`?importacion=${TEST_IMPORT_ID}`);
      fireEvent.click(await screen.findByRole('button', { name: 'Ver vista previa' }));
      const button = await screen.findByRole('button', { name: 'Importar 0 negocios' });
      expect(button.hasAttribute('disabled')).toBe(true);
      expect(screen.getByText(new RegExp(`^Ninguna fila crea ni actualiza un negocio: ${why}`))).toBeTruthy();
    },
  );
});
