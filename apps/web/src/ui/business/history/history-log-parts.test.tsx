import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LogValue } from './history-log-parts.tsx';

afterEach(cleanup);

describe('a history value', () => {
  it('shows what Stripe or PayPal changed in Spanish: status, plan and billing items', () => {
    const cases: [string, string, string][] = [
      ['subscription_status', 'past_due', 'Pago vencido'],
      ['subscription_tier', 'premium', 'Premium'],
      ['billing_item', 'in_1: 29.99 USD, succeeded', 'in_1: $29.99, Exitoso'],
      ['billing_item', 'in_2: 20.00 USD, refunded', 'in_2: $20.00, Reembolsado'],
      [
        'billing_item',
        'in_3: 20.00 USD, succeeded (5.00 USD refunded)',
        'in_3: $20.00, Exitoso ($5.00 reembolsados)',
      ],
      ['billing_item', 'in_4: 20.00 USD, disputed', 'in_4: $20.00, En disputa'],
      ['billing_item', 'in_5: 20.00 USD, dispute_won', 'in_5: $20.00, Disputa ganada'],
      ['billing_item', 'in_6: 20.00 USD, dispute_lost', 'in_6: $20.00, Disputa perdida'],
    ];
    for (const [column, value, shown] of cases) {
      const { unmount } = render(<LogValue column={column} value={value} />);
      expect(screen.getByText(shown)).toBeTruthy();
      unmount();
    }
  });

  it('shows booleans, phones, dates and the registration record as the rest of the portal does', () => {
    // 3:05 p. m. on 10 Mar 2026 where the test runs, as the trigger logs a timestamp.
    const logged = new Date(2026, 2, 10, 15, 5).toISOString().replace('Z', '+00:00');
    const cases: [string, string, RegExp][] = [
      ['verified_phone', 'true', /^Sí$/],
      ['business_terms', 'false', /^No$/],
      ['business_phone', '9392041671', /^\(939\) 204-1671$/],
      ['registration_date', logged, /^10 mar 2026, 3:05\sp\.\sm\.$/],
      ['business_created_at', logged, /^10 mar 2026, 3:05\sp\.\sm\.$/],
      ['device_type', 'web', /^Sitio web$/],
      ['referral_source', 'admin_registration', /^Registrado por la administración$/],
    ];
    for (const [column, value, shown] of cases) {
      const { container, unmount } = render(<LogValue column={column} value={value} />);
      expect(container.textContent).toMatch(shown);
      unmount();
    }
  });
});
