import { toCsv } from '@portal/contract/csv';
import { describe, expect, it } from 'vitest';
import { errorRowsFromFile, parseCsv, rowErrors } from './import-error-rows.ts';

// The errors file as the server writes it: the file's columns, then 'Fila' and 'Error'.
const columns = ['Nombre', 'Correo', 'Registro', 'Notas'];
const mapping = {
  Nombre: 'business_name',
  Correo: 'business_email',
  Registro: 'business_registry_number',
  Notas: null,
};
const file = toCsv(
  [...columns, 'Fila', 'Error'],
  [
    [
      'Café "La Esquina", Inc.',
      'no-es-correo',
      '',
      'dos\r\nlíneas',
      3,
      'Email: Por favor ingrese un correo electrónico válido.',
    ],
    [
      '=Fórmula',
      '',
      '',
      '',
      4,
      'Email: Este campo es obligatorio. Teléfono: Ya existe un negocio registrado con este teléfono.',
    ],
    ['', '', 'REG0000042', '', 5, 'Esta fila tiene caracteres que no se pudieron leer.'],
  ],
);

describe("an ended import's errors file, read back", () => {
  it('reads quoted cells with commas, quotes and line breaks, without the byte-order mark', () => {
    const rows = parseCsv(file);
    expect(rows[0]).toEqual([...columns, 'Fila', 'Error']);
    expect(rows[1]?.slice(0, 4)).toEqual(['Café "La Esquina", Inc.', 'no-es-correo', '', 'dos\r\nlíneas']);
    expect(rows).toHaveLength(4);
  });

  it("gives each row its number, its business's name or registry number, and its messages per field", () => {
    expect(errorRowsFromFile(file, { mapping })).toEqual([
      {
        row: 3,
        action: 'error',
        business_name: 'Café "La Esquina", Inc.',
        business_registry_number: '',
        errors: [{ field: 'business_email', message: 'Por favor ingrese un correo electrónico válido.' }],
      },
      {
        row: 4,
        action: 'error',
        // The writer's apostrophe before a formula is not the name's.
        business_name: '=Fórmula',
        business_registry_number: '',
        errors: [
          { field: 'business_email', message: 'Este campo es obligatorio.' },
          { field: 'business_phone', message: 'Ya existe un negocio registrado con este teléfono.' },
        ],
      },
      {
        row: 5,
        action: 'error',
        business_name: '',
        business_registry_number: 'REG0000042',
        errors: [{ field: '', message: 'Esta fila tiene caracteres que no se pudieron leer.' }],
      },
    ]);
  });

  it('keeps a message whose own text has a colon whole', () => {
    expect(rowErrors('Categoría: La celda tiene un error de Excel (#N/A): corríjala.')).toEqual([
      { field: 'business_category', message: 'La celda tiene un error de Excel (#N/A): corríjala.' },
    ]);
  });

  it('has no rows for a file with only its header', () => {
    expect(errorRowsFromFile(toCsv([...columns, 'Fila', 'Error'], []), { mapping })).toEqual([]);
  });
});
