// A trashed business's name and registry number open its page (DESIGN §9: one place per business),
// in the table and in the cards; its buttons keep naming the business.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TrashedBusiness } from '../../../api/business-trash-api.ts';
import { TrashList } from './trash-list.tsx';

const business: TrashedBusiness = {
  business_registry_number: 'REG000078',
  business_name: 'Panadería Borrada',
  business_email: 'panaderia@example.com',
  deleted_at: '2026-03-01T12:00:00Z',
  deleted_by: 'Master',
};

describe('TrashList', () => {
  it("links the name and the registry number to the business page, and keeps the buttons' names", () => {
    render(
      <MemoryRouter>
        <TrashList rows={[business]} restoring={null} onRestore={() => {}} onPurge={() => {}} />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'Negocios en la papelera' });
    const cards = screen.getByRole('list', { name: 'Negocios en la papelera' });
    for (const view of [table, cards]) {
      const rows = within(view);
      expect(rows.getByRole('link', { name: 'Panadería Borrada' }).getAttribute('href')).toBe(
        '/negocios/REG000078',
      );
      expect(rows.getByText('REG000078').closest('a')?.getAttribute('href')).toBe('/negocios/REG000078');
      expect(rows.getByRole('button', { name: 'Restaurar Panadería Borrada' })).toBeTruthy();
      expect(rows.getByRole('button', { name: 'Eliminar definitivamente Panadería Borrada' })).toBeTruthy();
    }
  });
});
