// 'Reintentar envíos' leaves with its banner once the mails went out: the focus, on that button,
// goes to the result's heading rather than to the page's body.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { importRecord, TEST_IMPORT_ID } from '../test-import-record.ts';
import ImportScreen from './import-screen.tsx';

const IMPORT = `/master/business-import/api/v1/imports/${TEST_IMPORT_ID}`;
const fake = signedInWithFakeFetch();

const withMails = (counts: { sent: number; failed: number }) => ({
  status: 200,
  body: {
    success: true,
    import: importRecord({
      summary: { create: 1, update: 0, unchanged: 0, error: 0 },
      finished_at: '2026-11-28T12:00:05.000Z',
      send_owner_access: true,
      owner_access: { pending: 0, in_trash: 0, cancelled: 0, ...counts },
    }),
  },
});

it("by keyboard, a retry that sent the failed mails leaves the focus on 'Resultado'", async () => {
  fake().on(`GET ${IMPORT}`, withMails({ sent: 0, failed: 1 }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/importar?importacion=${TEST_IMPORT_ID}`]}>
        <ImportScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const retry = await screen.findByRole('button', { name: 'Reintentar envíos' });
  fake().on(`POST ${IMPORT}/owner-access/retry`, withMails({ sent: 1, failed: 0 }));
  retry.focus();
  await userEvent.keyboard('{Enter}');

  expect(await screen.findByText('Se envió 1 email con la contraseña temporal al dueño.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Reintentar envíos' })).toBeNull();
  await waitFor(() =>
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Resultado' })),
  );
});
