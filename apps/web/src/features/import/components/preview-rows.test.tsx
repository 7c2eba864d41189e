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
});
