// Markup stored through the PUBLIC registration call stays inert text on every screen that shows it
// (directory, history, content lookup, access, subscriptions) and in both CSV exports. No dialog
// opens, no request leaves for `x`, no injected element or handler exists, and the CSP never has to
// block anything (a blocked inline handler would mean the markup became HTML).
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, request, test } from '@playwright/test';
import { uniquePhone } from './support/businesses.ts';
import { BASE_URL } from './support/env.ts';
import { signInAsMaster } from './support/staff.ts';

const REGISTER = '/public/business-registration/api/v1/business-registration/register';
const NAME = '<img src=x onerror=alert(1)>';

function hostileBusiness() {
  const suffix = `${Date.now().toString(36)}${process.pid}`;
  return {
    business_name: NAME,
    business_owner: `<script>alert(2)</script> Dueño ${suffix}`,
    // EMAIL_PATTERN allows markup in the local part; the server stores it lower-cased.
    business_email: `"><svg/onload=alert(3)>${suffix}@e2e.example.com`,
    business_phone: uniquePhone(),
    password: 'Temporal#2026x',
    business_terms: true,
    business_category: '<b onmouseover=alert(4)>Cafés</b>',
    business_year: 2015,
    business_description: '" onfocus="alert(5)" autofocus="<iframe src=javascript:alert(6)>',
    business_address: "<a href=javascript:alert(7)>Calle Luna</a>' onclick='alert(8)",
  };
}

type Hostile = ReturnType<typeof hostileBusiness> & { registry: string };

async function registerHostile(): Promise<Hostile> {
  const body = hostileBusiness();
  // The user agent lands in the change log's 'IP / Navegador' column.
  const api = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { 'User-Agent': '<img src=x onerror=alert(9)> Chrome/120' },
  });
  try {
    const response = await api.post(REGISTER, { data: body });
    expect(response.status(), await response.text()).toBe(201);
    const answer = (await response.json()) as { business_registry_number: string; business_name: string };
    expect(answer.business_name).toBe(NAME);
    return { ...body, registry: answer.business_registry_number };
  } finally {
    await api.dispose();
  }
}

/** Everything that would show the markup ran: dialogs, requests for `x`, CSP reports. */
async function watchForExecution(page: Page) {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.endsWith('/x')) seen.push(`request: ${sent.url()}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => seen.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  return seen;
}

/** The payloads are shown as characters and none of them became an element. */
async function expectInert(page: Page, where: Locator, texts: string[]) {
  for (const text of texts) await expect(where).toContainText(text);
  await expect(
    page.locator('img[src="x"], svg[onload], script:not([src]), iframe, [onerror], [onmouseover]'),
  ).toHaveCount(0);
}

async function downloadText(page: Page, button: Locator): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return (await readFile((await download.path()) as string, 'utf8')).replace(/^\uFEFF/, '');
}

/** A CSV field as RFC 4180 writes it: in double quotes, inner quotes doubled. */
const csvField = (value: string) => `"${value.replaceAll('"', '""')}"`;

test.describe('stored XSS is inert', () => {
  let business: Hostile;
  test.beforeAll(async () => {
    business = await registerHostile();
  });

  test('directory, its CSV, the history modal and its CSV', async ({ page }) => {
    const seen = await watchForExecution(page);
    await signInAsMaster(page);
    await page.goto(`/admin-dashboard?tab=buscar&q=${business.registry}`);
    await expect(page.getByRole('heading', { name: 'Resultados (1)' })).toBeVisible({ timeout: 15_000 });
    const row = page.getByRole('row').filter({ hasText: business.registry });
    const email = business.business_email.toLowerCase();
    await expectInert(page, row, [NAME, business.business_owner, email]);

    await page.getByRole('button', { name: 'Exportar', exact: true }).click();
    const directoryCsv = await downloadText(page, page.getByRole('button', { name: 'CSV', exact: true }));
    for (const value of [NAME, business.business_owner, email])
      expect(directoryCsv).toContain(csvField(value));
    // Its toast appears at the bottom right, over the row's buttons: closed before they are clicked.
    await page.getByRole('button', { name: 'Cerrar notificación' }).click();
    await expect(page.getByText(/^Exportación lista/)).toHaveCount(0);

    await row.getByRole('button', { name: `Ver historial de ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Historial de Cambios' });
    await expect(dialog.getByRole('table')).toBeVisible();
    await expectInert(page, dialog, [NAME, business.business_owner, email]);
    // The INSERT row's 'Nuevo Valor' is the stored name.
    await expect(dialog.getByRole('cell', { name: NAME, exact: true })).toBeVisible();

    await dialog.getByRole('button', { name: 'Exportar', exact: true }).click();
    const historyCsv = await downloadText(page, dialog.getByRole('button', { name: 'CSV', exact: true }));
    expect(historyCsv).toContain(csvField(NAME));
    expect(historyCsv).toContain('<img src=x onerror=alert(9)> Chrome/120');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(seen).toEqual([]);
  });

  test('content lookup, subscriptions and access show the business as text', async ({ page }) => {
    const seen = await watchForExecution(page);
    await signInAsMaster(page);

    await page.goto(`/business-data?registro=${business.registry}`);
    const card = page.getByRole('region', { name: NAME });
    await expectInert(page, card, [
      NAME,
      business.business_owner,
      business.business_email.toLowerCase(),
      business.business_category,
      business.business_address,
    ]);

    for (const tab of ['Gestionar Suscripciones', 'Gestionar Acceso']) {
      await page.goto('/admin-dashboard');
      await page.getByRole('tab', { name: tab }).click();
      await page.getByLabel('Número de registro').fill(business.registry);
      await page.getByLabel('Número de registro').press('Enter');
      const panel = page.getByRole('tabpanel');
      await expectInert(page, panel, tab === 'Gestionar Acceso' ? [NAME, business.business_owner] : [NAME]);
    }
    expect(seen).toEqual([]);
  });
});
