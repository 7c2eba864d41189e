import { EMPLOYEE_STATUSES, EVENT_STATUSES, PRODUCT_STATUSES } from '@portal/contract/enums';
import { describe, expect, it } from 'vitest';
import { employeeStatus, eventStatus, priceTypeLabel, productStatus } from './content-labels.ts';

describe('content status labels', () => {
  it('gives every status of the contract a Spanish label', () => {
    for (const status of PRODUCT_STATUSES) expect(productStatus(status).label).not.toBe(status);
    for (const status of EMPLOYEE_STATUSES) expect(employeeStatus(status).label).not.toBe(status);
    for (const status of EVENT_STATUSES) expect(eventStatus(status).label).not.toBe(status);
  });
  it('colours them like the rest of the portal', () => {
    expect(productStatus('in stock')).toEqual({ label: 'En existencia', tone: 'green' });
    expect(employeeStatus('Terminated').tone).toBe('red');
    expect(eventStatus('postponed').tone).toBe('amber');
  });
  it('shows an unknown status as it came, in grey, and N/A for none', () => {
    expect(productStatus('en revisión')).toEqual({ label: 'en revisión', tone: 'slate' });
    expect(eventStatus(null)).toEqual({ label: 'N/A', tone: 'slate' });
  });
  it('names the price types', () => {
    expect(priceTypeLabel('per_person')).toBe('Por persona');
    expect(priceTypeLabel('mensual')).toBe('mensual');
    expect(priceTypeLabel(null)).toBeNull();
  });
});
