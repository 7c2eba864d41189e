// The 2FA code field in error looks like the other fields in error: red, not grey, border.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CodeField } from './code-field.tsx';

afterEach(cleanup);

const show = (error: string | null) =>
  render(<CodeField id="codigo" label="Código de verificación" value="" onChange={() => {}} error={error} />);

describe('CodeField', () => {
  it('has a red border, and only a red one, with an error', () => {
    show('Ingrese el código de 6 dígitos.');
    const input = screen.getByLabelText('Código de verificación');
    expect(input.className).toContain('border-red-400');
    expect(input.className).not.toContain('border-slate-300');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('has a grey border without an error', () => {
    show(null);
    const input = screen.getByLabelText('Código de verificación');
    expect(input.className).toContain('border-slate-300');
    expect(input.className).not.toContain('border-red-400');
  });
});
