// What staff bring and run into on 'Importar' and 'Papelera': a CSV Excel wrote in Spanish
// (semicolons, Windows-1252 accents) with blank lines above its header, a link to an import that no
// longer exists, and a restore refused because another business took the email meanwhile, which
// names that business. At 1440 and 390 px.
import { expect, test } from '@playwright/test';
import { registerBusiness, uniquePhone, withMasterApi } from './support/businesses.ts';
import { signInAsAdmin, signInAsMaster } from './support/staff.ts';

const unique = `${Date.now().toString(36)}${process.pid}`;

for (const width of [1440, 390]) {
  test(`a semicolon CSV with blank lines above its header maps by itself and names its rows (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    await page.goto('/importar');
    const text = [
      '',
      '',
      'Nombre;Propietario;Email;Teléfono;Categoría',
      `Cafetería Ñandú ${unique}-${width};José Pérez;cafe.${unique}.${width}@correo.test;${uniquePhone()};Cafeterías`,
      `Fila Mala ${unique}-${width};Ana Ruiz;no-es-correo;${uniquePhone()};`,
      '',
    ].join('\r\n');
    const name = `excel-${width}.csv`;
    await page
      .getByLabel('Archivo CSV o XLSX')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'latin1') });
    await expect(page.getByRole('heading', { name: `1. Columnas de «${name}» (2 filas)` })).toBeVisible();
    await expect(page.getByLabel('Teléfono', { exact: true })).toHaveValue('business_phone');
    await expect(page.getByLabel('Categoría', { exact: true })).toHaveValue('business_category');
    await page.getByRole('button', { name: 'Ver vista previa' }).click();
    const errors = page.getByRole('table', { name: /Filas con errores/ });
    // Row 5 as a spreadsheet shows it: two blank rows, the header, then the data.
    await expect(errors.getByRole('row', { name: /^5 Fila Mala/ })).toContainText(
      'Email: Formato de correo electrónico inválido.',
    );
    await expect(page.getByRole('button', { name: 'Importar 1 negocio' })).toBeEnabled();
  });

  test(`a link to an import that does not exist leads to a new import (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    await page.goto('/importar?importacion=6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e');
    await expect(page.getByRole('heading', { name: 'No se encontró la importación' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Importar un archivo' }).click();
    await expect(page).toHaveURL(/\/importar$/);
    await expect(page.getByRole('button', { name: 'Elegir archivo' })).toBeVisible();
  });

  test(`a restore refused for a taken email names the business that has it (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const deleted = await registerBusiness();
    await withMasterApi(async (api, headers) => {
      const response = await api.delete(`/master/business-deletion/${deleted.registry}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
    });
    const holder = await registerBusiness({ business_email: deleted.email });
    await signInAsMaster(page);
    await page.goto(`/admin-dashboard?tab=papelera&q=${deleted.registry}`);
    await page.getByRole('button', { name: `Restaurar ${deleted.name}` }).click();
    await expect(
      page.getByText(
        `No se puede restaurar: otro negocio tiene ahora este correo electrónico. Lo tiene «${holder.name}» (${holder.registry}).`,
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: `Restaurar ${deleted.name}` })).toBeVisible();
  });
}
