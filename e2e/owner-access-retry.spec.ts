// The owner's temporary-password mail on the business page. One that failed on every try: the
// Resumen warns, and 'Reintentar envío' asks the server to send it again. The page's answer is made to
// say the mail failed (a registration's mail cannot be made to fail from here), and the retry's answer
// is that it was sent: the request goes to the retry URL, the toast says so, and the page read
// again has no warning. One still pending (the answer made to say so too): a calm note with the
// tries so far and the next try, and nothing to click. axe at 1440 and 390 px.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { registerBusiness, type TestBusiness } from './support/businesses.ts';
import { signInAsAdmin } from './support/staff.ts';

const TITLE = 'El dueño no recibió su contraseña temporal';

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

let business: TestBusiness;

test.beforeAll(async () => {
  business = await registerBusiness();
});

for (const width of [1440, 390]) {
  test(`a failed access mail is sent again from the business page (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);

    const pageApi = `/business-page/api/v1/business-page/registry/${business.registry}`;
    let failed = true;
    await page.route(`**${pageApi}`, async (route) => {
      if (!failed || route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = await response.json();
      body.owner_access = { status: 'failed', attempts: 10, next_attempt_at: null, pending_state: null };
      return route.fulfill({ response, json: body });
    });
    await page.route(`**${pageApi}/owner-access/retry`, (route) =>
      route.fulfill({
        status: 200,
        json: {
          success: true,
          owner_access: { status: 'sent', attempts: 1, next_attempt_at: null, pending_state: null },
          sent: true,
        },
      }),
    );

    await page.goto(`/negocios/${business.registry}`);
    await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
    const warning = page.getByRole('alert').filter({ hasText: TITLE });
    await expect(warning).toContainText(
      'El correo con la contraseña temporal no se pudo enviar después de varios intentos.',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `owner-access-failed-${width}`);

    failed = false;
    const retry = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith(`${pageApi}/owner-access/retry`),
    );
    await warning.getByRole('button', { name: 'Reintentar envío' }).click();
    expect(new URL((await retry).url()).pathname).toMatch(/^\/admin\/business-page\//);
    await expect(page.getByText('Contraseña temporal enviada al dueño')).toBeVisible();
    // Read again: the real answer has no failed mail, so the warning is gone.
    await expect(warning).toHaveCount(0);
    await shot(page, `owner-access-sent-${width}`);
  });
}

for (const width of [1440, 390]) {
  test(`a pending access mail is a calm note with its tries and next try (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    const pageApi = `/business-page/api/v1/business-page/registry/${business.registry}`;
    const nextTry = new Date(Date.now() + 2 * 60 * 60_000).toISOString();
    await page.route(`**${pageApi}`, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.owner_access = {
        status: 'pending',
        attempts: 2,
        next_attempt_at: nextTry,
        pending_state: 'retrying',
      };
      return route.fulfill({ response, json: body });
    });

    await page.goto(`/negocios/${business.registry}`);
    await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
    const note = page.getByRole('status').filter({ hasText: 'Correo de acceso al dueño pendiente' });
    await expect(note).toContainText('el portal lo intentará de nuevo automáticamente');
    await expect(note).toContainText('Intentos hasta ahora: 2');
    await expect(note.locator('time')).toHaveAttribute('datetime', nextTry);
    await expect(note.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: TITLE })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `owner-access-pending-${width}`);
  });
}
