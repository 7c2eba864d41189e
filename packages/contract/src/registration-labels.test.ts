import { describe, expect, it } from 'vitest';
import { deviceLabel, referralLabel } from './registration-labels.ts';

describe('registration labels', () => {
  it('reads the stored device and referral values in Spanish', () => {
    expect(deviceLabel('web')).toBe('Sitio web');
    expect(deviceLabel('mobile')).toBe('Móvil');
    expect(referralLabel('admin_registration')).toBe('Registrado por la administración');
    expect(referralLabel('referido')).toBe('Referido por otra persona');
  });

  it('shows an unknown value as written and a missing one as Sin especificar', () => {
    expect(deviceLabel('smart-tv')).toBe('smart-tv');
    expect(referralLabel('  ')).toBe('Sin especificar');
    expect(deviceLabel(null)).toBe('Sin especificar');
  });
});
