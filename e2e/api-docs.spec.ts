// /docs (issue #14, items 7 and 10): the Swagger UI renders the OpenAPI document under the
// server's Content-Security-Policy, with no violation reported by the browser.
import { expect, test } from '@playwright/test';

test('the API documentation renders under the CSP', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: /Portal de Administración API/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Authentication', exact: true })).toBeVisible();
  // Swagger UI lists the Authentication family's first operations; see the README's known issues:
  // since the merges of issue 30 it stops after /auth/options.
  await expect(page.getByText('/auth/options', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Authorize' })).toBeVisible();
  expect(violations).toEqual([]);
});
