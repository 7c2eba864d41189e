import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LogValue } from './history-log-parts.tsx';

afterEach(cleanup);

describe('a history value', () => {
  it('shows what Stripe or PayPal changed in Spanish: status, plan and billing items', () => {
    const cases: [string, string, string][] = [
      ['subscription_status', 'past_due', 'Pago vencido'],
      ['subscription_tier', 'premium', 'Premium'],
      ['billing_item', 'in_1: 29.99 USD, succeeded', 'in_1: 29.99 USD, Exitoso'],
      ['billing_item', 'in_2: 20.00 USD, refunded', 'in_2: 20.00 USD, Reembolsado'],
      [
        'billing_item',
        'in_3: 20.00 USD, succeeded (5.00 USD refunded)',
        'in_3: 20.00 USD, Exitoso (5.00 USD reembolsados)',
      ],
      ['billing_item', 'in_4: 20.00 USD, disputed', 'in_4: 20.00 USD, En disputa'],
      ['billing_item', 'in_5: 20.00 USD, dispute_won', 'in_5: 20.00 USD, Disputa ganada'],
      ['billing_item', 'in_6: 20.00 USD, dispute_lost', 'in_6: 20.00 USD, Disputa perdida'],
    ];
    for (const [column, value, shown] of cases) {
      const { unmount } = render(<LogValue column={column} value={value} />);
      expect(screen.getByText(shown)).toBeTruthy();
      unmount();
    }
  });
});
