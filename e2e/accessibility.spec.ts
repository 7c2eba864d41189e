import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { MASTER_IDENTIFIER } from './support/env.ts';
import { signInAsMaster } from './support/staff.ts';

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
