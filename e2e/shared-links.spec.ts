// A link someone shared (or an old tab) that carries filters the server refuses never leaves the
// directory or the audit in an error that 'Reintentar' cannot end: the error offers to clear them,
// and a day or action the audit form could not have applied is left out instead of asked for.
import { expect, test } from '@playwright/test';
import { SEEDED_BASE_URL } from './support/env.ts';
import { signInAsMaster } from './support/staff.ts';

test.use({ baseURL: SEEDED_BASE_URL });

test('directory: a link with Fecha Desde after Fecha Hasta says why and offers to clear the filters', async ({
  page,
}) => {
  await signInAsMaster(page);
  await page.goto('/admin-dashboard?desde=2026-12-01&hasta=2026-01-01');
  const failure = page.getByRole('alert').filter({ hasText: 'No se pudo cargar el directorio' });
  await expect(failure).toContainText('La fecha desde debe ser anterior a la fecha hasta.');
  await expect(failure.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  await failure.getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect(page.getByRole('table', { name: 'Negocios' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Directorio de Negocios' })).toBeVisible();
  await expect(page).not.toHaveURL(/desde=|hasta=/);
});

test('audit: a link with a registry the server refuses offers Limpiar filtros; a day that is no day is left out', async ({
  page,
}) => {
  await signInAsMaster(page);
  await page.goto(`/admin-dashboard?tab=auditoria&registro=${'x'.repeat(300)}`);
  const failure = page.getByRole('alert').filter({ hasText: 'Error al cargar la auditoría' });
  await expect(failure.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  await failure.getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect(page.getByRole('table', { name: 'Acciones del personal' })).toBeVisible();
  await expect(page).not.toHaveURL(/registro=/);

  // Not 'Auditoría (0)' for a day nobody could pick: the list of every action, the field empty.
  await page.goto('/admin-dashboard?tab=auditoria&desde=2026-13-45&accion=no_existe');
  await expect(page.getByRole('table', { name: 'Acciones del personal' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Auditoría \([1-9]/ })).toBeVisible();
  await expect(page.getByLabel('Fecha Desde')).toHaveValue('');
  await expect(page.getByLabel('Acción')).toHaveValue('');
});
