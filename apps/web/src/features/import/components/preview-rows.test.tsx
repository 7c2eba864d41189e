import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PreviewErrorRows } from './preview-rows.tsx';

afterEach(cleanup);

describe('the rows in error of a preview', () => {
  it('names the field of a field error, and none for a message about the whole row', () => {
    render(
      <PreviewErrorRows
        rows={[
          {
            row: 3,
            action: 'error',
            business_name: 'Café',
            errors: [{ field: 'business_email', message: 'El correo electrónico es requerido.' }],
          },
          {
            row: 4,
            action: 'error',
            errors: [{ field: '', message: 'Esta fila tiene caracteres que no se pudieron leer.' }],
          },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Email: El correo electrónico es requerido.',
      'Esta fila tiene caracteres que no se pudieron leer.',
    ]);
  });

  it('ends every line with a period, also a message an older import kept without one', () => {
    render(
      <PreviewErrorRows
        rows={[
          {
            row: 4,
            action: 'error',
            errors: [
              { field: 'business_name', message: 'El nombre del negocio es requerido.' },
              { field: 'business_phone', message: 'El número de teléfono debe tener 10 dígitos' },
              { field: 'business_year', message: 'El año debe estar entre 1900 y 2026 ' },
            ],
          },
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Nombre: El nombre del negocio es requerido.',
      'Teléfono: El número de teléfono debe tener 10 dígitos.',
      'Año: El año debe estar entre 1900 y 2026.',
    ]);
  });

  it('says when it shows only the first of the rows in error', () => {
    const rows = [5, 6].map((row) => ({
      row,
      action: 'error' as const,
      errors: [{ field: 'business_email', message: 'El correo electrónico es requerido.' }],
    }));
    const { unmount } = render(<PreviewErrorRows rows={rows} total={2} />);
    expect(screen.queryByText(/Se muestran las primeras/)).toBeNull();
    unmount();
    render(<PreviewErrorRows rows={rows} total={1500} />);
    expect(
      screen.getByText(
        'Se muestran las primeras 2 de 1,500; al terminar, el resultado por fila las incluye todas.',
      ),
    ).toBeTruthy();
  });
});
