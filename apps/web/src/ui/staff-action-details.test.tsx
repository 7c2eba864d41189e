import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StaffActionDetails } from './staff-action-details.tsx';

afterEach(cleanup);

const lineTexts = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe('the details of a staff audit row', () => {
  it("shows a restored business's deletion time in es-PR words, 12 h with a. m./p. m.", () => {
    // 12:17 a. m. on 29 Nov 2026 where the test runs, as the server stores it (ISO 8601, UTC).
    const deletedAt = new Date(2026, 10, 29, 0, 17, 37).toISOString();
    render(<StaffActionDetails details={{ deleted_at: deletedAt, business_name: 'Panadería Sol' }} />);
    const [name, deleted] = lineTexts();
    expect(name).toBe('Negocio: Panadería Sol');
    expect(deleted).toMatch(/^Eliminado el: 29 nov 2026, 12:17\sa\.\sm\.$/);
  });

  it("shows the lock's end and an export's filter days as dates", () => {
    const lockedUntil = new Date(2026, 4, 1, 14, 30).toISOString();
    render(
      <StaffActionDetails
        details={{ locked_until: lockedUntil, date_from: '2026-05-01', dateTo: '2026-05-31', format: 'csv' }}
      />,
    );
    const texts = lineTexts();
    expect(texts).toContain('Fecha desde: 1 may 2026');
    expect(texts).toContain('Fecha hasta: 31 may 2026');
    expect(texts.find((text) => text?.startsWith('Bloqueado hasta:'))).toMatch(
      /^Bloqueado hasta: 1 may 2026, 2:30\sp\.\sm\.$/,
    );
  });

  it('writes a status and a bulk action as the badges and buttons do, the fields of a list in lower case', () => {
    render(
      <StaffActionDetails
        details={{
          fields: ['admin_first_name', 'admin_last_name'],
          access_status: 'pending',
          bulk_action: 'activate',
        }}
      />,
    );
    expect(lineTexts()).toEqual(['Campos: nombre, apellido', 'Estado: Pendiente', 'Acción: Activar']);
  });
});
