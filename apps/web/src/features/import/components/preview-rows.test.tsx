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
            errors: [{ field: 'business_email', message: 'Este campo es obligatorio.' }],
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
      'Email: Este campo es obligatorio.',
      'Esta fila tiene caracteres que no se pudieron leer.',
    ]);
  });

  it('says when it shows only the first of the rows in error', () => {
    const rows = [5, 6].map((row) => ({
      row,
      action: 'error' as const,
      errors: [{ field: 'business_email', message: 'Este campo es obligatorio.' }],
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
