// /docs (issue #14, items 7 and 10): the Swagger UI renders the OpenAPI document under the
// server's Content-Security-Policy, with no violation reported by the browser, and lists every
// operation of every tag (Swagger UI would otherwise render only the rows near the viewport).
import { expect, test } from '@playwright/test';

// Swagger UI renders all ~260 rows of the document in one go: on a loaded machine (2 cores, load
// 13) that took 15 s, so these tests get three times the usual time.
const RENDERED = { timeout: 40_000 };
test.slow();

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

test('the API documentation lists every operation of every tag', async ({ page, request }) => {
  const spec = (await (await request.get('/docs/json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const operations = Object.values(spec.paths).flatMap((methods) => Object.keys(methods));
  await page.goto('/docs');
  await expect(page.getByText('/auth/options', { exact: true })).toBeVisible(RENDERED);
  for (const path of [
    '/auth/options',
    '/auth/sessions/{session_id}', // Authentication's last
    '/master/business-trash/api/v1/business-trash/registry/{registry}/restore',
    '/public/business-registration/api/v1/business-registration/register',
    '/health/ready', // the last tag's last
  ]) {
    await expect(page.getByText(path, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Health', exact: true })).toBeVisible();
  await expect(page.locator('.opblock-summary-path')).toHaveCount(operations.length);
});
