// /docs: the Swagger UI renders the OpenAPI document under the
// server's Content-Security-Policy, with no violation reported by the browser, and every tag can be
// reached (the list is drawn as it scrolls) or found with its filter.
import { expect, test } from '@playwright/test';

const RENDERED = { timeout: 20_000 };

test('the API documentation renders under the CSP', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: /Portal de Administración API/ })).toBeVisible(RENDERED);
  await expect(page.getByRole('link', { name: 'Authentication', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Authorize' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('the API documentation reaches every tag: as it scrolls, and through its filter', async ({
  page,
  request,
}) => {
  const spec = (await (await request.get('/docs/json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  expect(Object.keys(spec.paths)).toContain('/health/ready');
  await page.goto('/docs');
  await expect(page.getByText('/auth/2fa', { exact: true })).toBeVisible(RENDERED);
  // The list is drawn as it scrolls: at the bottom, the last tag's last operation.
  const last = page.getByText('/health/ready', { exact: true });
  await expect(async () => {
    await page.mouse.wheel(0, 20_000);
    await expect(last).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  // The filter finds a tag by its name.
  await page.goto('/docs');
  await page.getByRole('textbox', { name: /Filter by tag/ }).fill('Business trash');
  await expect(
    page.getByText('/master/business-trash/api/v1/business-trash/registry/{registry}/restore', {
      exact: true,
    }),
  ).toBeVisible(RENDERED);
  await expect(page.getByText('/auth/2fa', { exact: true })).toHaveCount(0);
});
