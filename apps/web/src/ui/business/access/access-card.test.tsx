import type { AccessControl } from '@portal/contract/access';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
