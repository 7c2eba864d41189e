// The Resumen's contact badges read like the header's badge, and a registration left empty reads in
// Spanish, as 'Sin dirección' and 'Sin descripción' do.
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { BusinessPage } from '../../../api/business-page-api.ts';
import { VerificationBadge } from '../../../ui/business/verification-badge.tsx';
import { SummarySection } from './summary-section.tsx';

const page = {
  business: {
    id: 44,
    business_registry_number: 'REG000044',
    business_name: 'Colmado El Faro',
    business_owner: 'Luis Ortiz',
    business_email: 'faro@example.com',
    business_phone: '7875550144',
    business_address: null,
    business_description: null,
    business_year: null,
    verified_email: false,
    verified_phone: false,
    admin_verified: false,
    device_type: null,
    referral_source: null,
  },
  locations: [],
  counts: { products: 0, services: 0, employees: 0, events: 0 },
  subscription: null,
  owner_access: null,
} as unknown as BusinessPage;

function renderSummary() {
  return render(
    <MemoryRouter>
      <SummarySection page={page} />
    </MemoryRouter>,
  );
}

describe('Resumen', () => {
  afterEach(cleanup);

  it("shows 'No Verificado' on the email and phone in the colours of the header's badge", () => {
    const header = render(<VerificationBadge business={page.business} />);
    const headerBadge = within(header.container).getByText('No Verificado');
    header.unmount();

    renderSummary();
    const badges = screen.getAllByText('No Verificado');
    expect(badges).toHaveLength(2);
    for (const badge of badges) expect(badge.className).toBe(headerBadge.className);
  });

  it('says what the registration left empty in Spanish, never N/A', () => {
    renderSummary();
    const card = screen.getByRole('heading', { name: 'Datos de registro' }).closest('section');
    expect(card).not.toBeNull();
    const facts = within(card as HTMLElement);
    expect(facts.getByText('Cómo nos conoció').nextElementSibling?.textContent).toBe('Sin especificar');
    expect(facts.getByText('Año de fundación').nextElementSibling?.textContent).toBe('Sin especificar');
    expect(card?.textContent).not.toContain('N/A');
  });
});
