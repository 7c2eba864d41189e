// The portal works under the server's Content-Security-Policy with nothing blocked: no inline
// script, and the styles that sonner (toasts) and the dialogs' scroll lock insert at run time are
// allowed by style-src.
import { expect, type Page, test } from '@playwright/test';
import { registerBusiness } from './support/businesses.ts';
import { signInAsMaster } from './support/staff.ts';

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

test('the portal runs under the CSP with nothing blocked', async ({ page }) => {
  const violations = await watchViolations(page);
  const business = await registerBusiness({ business_name: `Librería csp${Date.now().toString(36)}` });

  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");

  await signInAsMaster(page);
  await page.goto(`/admin-dashboard?tab=buscar&q=${encodeURIComponent(business.name)}`);
  const table = page.getByRole('table', { name: 'Negocios' });
  await expect(table).toContainText(business.name);
  // A dialog: Radix locks the page's scroll with a <style> element of its own.
  await table.getByRole('button', { name: `Eliminar ${business.name}` }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Toasts: sonner's stylesheet is a <style> element too.
  expect(await page.locator('style').count()).toBeGreaterThan(0);

  for (const path of ['/master/admin-registration', '/admin-approval', '/admin-registration-history']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
  }
  expect(violations).toEqual([]);
});
