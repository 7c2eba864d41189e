import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../api/api-error.ts';
import { describeLoginError } from './use-login.ts';

describe('describeLoginError (SPEC §8 "Login")', () => {
  it('an account status wins, in Spanish', () => {
    const error = new ApiError('x', 403, { error: 'x', status: 'suspendida' });
    expect(describeLoginError(error)).toEqual({
      kind: 'server',
      message: 'Su cuenta está suspendida. Por favor, contacte a un administrador.',
    });
  });

  it('translates an English status word', () => {
    const error = new ApiError('x', 403, { status: 'inactive' });
    expect(describeLoginError(error).message).toBe(
      'Su cuenta está inactiva. Por favor, contacte a un administrador.',
    );
  });

  it('otherwise the server error, then message, then the fallback', () => {
    expect(describeLoginError(new ApiError('x', 401, { error: 'Credenciales inválidas' })).message).toBe(
      'Credenciales inválidas',
    );
    expect(describeLoginError(new ApiError('x', 400, { message: 'Faltan datos' })).message).toBe(
      'Faltan datos',
    );
    expect(describeLoginError(new ApiError('x', 500, null))).toEqual({
      kind: 'server',
      message: 'Error de inicio de sesión',
    });
  });

  it('a connection failure is red', () => {
    expect(describeLoginError(new NetworkError())).toEqual({
      kind: 'connection',
      message: 'Error de conexión. Por favor intente nuevamente.',
    });
  });
});
