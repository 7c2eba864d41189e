// What staff read when a request fails is Spanish (the server keeps SPEC's English), an unknown
// failure keeps its request id for support, and a server that never answers ends in a Spanish error
// after REQUEST_TIMEOUT_MS instead of 'Buscando...' for ever.
import { expect, type Page, type Route, test } from '@playwright/test';
import { signInAsMaster } from './support/staff.ts';

const LIST = '/master/business-data/api/v1/business-data';

/** Only the directory's list call (not its stats), so the rest of the screen loads as usual. */
const isList = (url: URL) => url.pathname === LIST;

async function searchDirectory(page: Page, text: string) {
  await page.getByRole('searchbox', { name: /Buscar negocios/ }).fill(text);
}

/** Signs in as the master; the directory's list then fails with the server's error shape. */
async function signInFailingList(page: Page, status: number, error: string, requestId: string) {
  await signInAsMaster(page);
  await page.route(isList, (route: Route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error, request_id: requestId }),
    }),
  );
}

test.describe('failed requests read in Spanish', () => {
  test('an English server message is shown in Spanish', async ({ page }) => {
    await signInFailingList(page, 400, 'Invalid year provided', 'req-e2e-400');
    await searchDirectory(page, 'Colmado');
    const alert = page.getByRole('alert').filter({ hasText: 'El año indicado no es válido.' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(alert.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    await expect(page.getByText('Invalid year provided')).toHaveCount(0);
  });

  test('an unknown failure reads as the generic Spanish text with the request id', async ({ page }) => {
    await signInFailingList(page, 500, 'Pool exhausted', 'req-e2e-9f2');
    await searchDirectory(page, 'Panadería');
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Ocurrió un error inesperado. Código de soporte: req-e2e-9f2' }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Pool exhausted')).toHaveCount(0);
  });

  test('server down: the connection error is Spanish, not "Network error"', async ({ page }) => {
    await signInAsMaster(page);
    await page.route(isList, (route: Route) => route.abort('connectionrefused'));
    await searchDirectory(page, 'Farmacia');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Error de conexión. Por favor intente nuevamente.' }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Network error')).toHaveCount(0);
  });

  test('a server that never answers ends in a Spanish timeout with "Reintentar"', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsMaster(page);
    // Held for ever: the portal must give up by itself.
    await page.route(isList, () => new Promise<void>(() => {}));
    await searchDirectory(page, 'Ferretería');
    const alert = page.getByRole('alert').filter({ hasText: 'El servidor no respondió a tiempo.' });
    await expect(alert).toBeVisible({ timeout: 25_000 });
    await expect(alert.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    await page.screenshot({ path: '/tmp/shots/helper-spanish/timeout-1440.png', fullPage: false });
  });
});
