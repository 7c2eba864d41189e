import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { MASTER_IDENTIFIER } from './support/env.ts';
import { signInAsMaster } from './support/staff.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

test.describe('accessibility (axe, WCAG 2 A/AA)', () => {
  test('login screen, both variants', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Correo Electrónico').fill(MASTER_IDENTIFIER);
    await expect(page.getByRole('button', { name: 'Acceso Maestro' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('dashboard shell', async ({ page }) => {
    await signInAsMaster(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
