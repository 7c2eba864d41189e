import type { AccessControl } from '@portal/contract/access';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccessCard } from './access-card.tsx';

const DAY = 24 * 60 * 60 * 1000;

const record = (lastUpdate: Date): AccessControl => ({
  access_id: 1,
  admin_id: 4,
  admin_email: 'ana@portal.test',
  admin_name: 'Ana Rivera',
  is_master_access: false,
  public_access: true,
  product_access: false,
  service_access: false,
  employee_access: false,
  event_access: false,
  qr_access: false,
  last_update: lastUpdate.toISOString(),
  version: '1',
});

afterEach(cleanup);

describe('AccessCard', () => {
  it("says how long ago 'Última actualización' was, also past a month (not the date again)", () => {
    render(
      <AccessCard
        record={record(new Date(Date.now() - 95 * DAY))}
        heading={<h3>Ana Rivera</h3>}
        lockReason={null}
        saving={new Map()}
        onToggle={() => {}}
      />,
    );
    const line = screen.getByText(/^Última actualización:/);
    expect(line.textContent).toMatch(/\(hace 3 meses\)$/);
  });

  describe("a toggle a master turned off (the master's 'off' binds the admin)", () => {
    const bound: AccessControl = { ...record(new Date()), turned_off_by_master: ['product_access'] };
    const renderCard = (masterOffBinds: boolean) =>
      render(
        <AccessCard
          record={bound}
          heading={<h3>Ana Rivera</h3>}
          lockReason={null}
          masterOffBinds={masterOffBinds}
          saving={new Map()}
          onToggle={() => {}}
        />,
      );
    const description = (element: HTMLElement) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');

    it('says so on that switch, which the admin cannot use', () => {
      renderCard(true);
      const products = screen.getByRole('switch', { name: /PRODUCTOS/ });
      expect(description(products)).toBe('Desactivado por un usuario maestro');
      expect(products).toHaveProperty('disabled', true);
      expect(screen.getAllByText('Desactivado por un usuario maestro')).toHaveLength(1);
      // Off by the admin's own choice: no note, still theirs to turn on.
      const services = screen.getByRole('switch', { name: /SERVICIOS/ });
      expect(services.getAttribute('aria-describedby')).toBeNull();
      expect(services).toHaveProperty('disabled', false);
    });

    it('tells a master too, who may still turn it on', () => {
      renderCard(false);
      const products = screen.getByRole('switch', { name: /PRODUCTOS/ });
      expect(description(products)).toBe('Desactivado por un usuario maestro');
      expect(products).toHaveProperty('disabled', false);
      expect(products.getAttribute('aria-disabled')).toBeNull();
    });
  });
});
