import { describe, expect, it } from 'vitest';
import { loginPathFor, returnPathFrom, safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it('keeps a path of the portal with its query and hash', () => {
    expect(safeReturnPath('/negocios/REG000191/historial')).toBe('/negocios/REG000191/historial');
    expect(safeReturnPath('/admin-dashboard?tab=buscar&q=Vega#x')).toBe(
      '/admin-dashboard?tab=buscar&q=Vega#x',
    );
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    '/\tevil',
    'http://evil.example/',
    'https:evil.example',
    'javascript:alert(1)',
    'negocios/REG000191',
    '',
    '/',
    '/?volver=/x',
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('refuses nothing and very long text', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(3000)}`)).toBeNull();
  });
});

describe('the login URL', () => {
  it('remembers a page and reads it back', () => {
    const login = loginPathFor('/negocios/REG000191/historial');
    expect(login).toBe('/?volver=%2Fnegocios%2FREG000191%2Fhistorial');
    expect(returnPathFrom(login.slice(1))).toBe('/negocios/REG000191/historial');
  });

  it('goes to the dashboard without a page or with a foreign one', () => {
    expect(loginPathFor('/admin-dashboard')).toBe('/');
    expect(returnPathFrom('')).toBe('/admin-dashboard');
    expect(returnPathFrom('?volver=%2F%2Fevil.example')).toBe('/admin-dashboard');
    expect(returnPathFrom('?volver=https%3A%2F%2Fevil.example')).toBe('/admin-dashboard');
  });
});
