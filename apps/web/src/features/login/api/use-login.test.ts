import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../api/api-error.ts';
import { describeLoginError } from '../login-messages.ts';

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
    expect(
      describeLoginError(new ApiError('x', 400, { message: 'La contraseña es requerida' })).message,
    ).toBe('La contraseña es requerida');
    expect(describeLoginError(new ApiError('x', 400, { message: 'Something else' })).message).toBe(
      'Error de inicio de sesión',
    );
    expect(describeLoginError(new ApiError('x', 500, null))).toEqual({
      kind: 'server',
      message: 'Error de inicio de sesión',
    });
  });

  it('an English server message reads in Spanish (429 of the rate limit)', () => {
    const body = { success: false, error: 'Too many requests. Please try again later.' };
    expect(describeLoginError(new ApiError('x', 429, body))).toEqual({
      kind: 'server',
      message: 'Demasiadas solicitudes. Por favor intente más tarde.',
    });
  });

  it('a 2xx without a token is the generic login error, not its success message', () => {
    const answer = { success: true, message: 'Inicio de sesión exitoso' };
    expect(describeLoginError(new ApiError('x', 200, answer)).message).toBe('Error de inicio de sesión');
  });

  it('a connection failure is red', () => {
    expect(describeLoginError(new NetworkError())).toEqual({
      kind: 'connection',
      message: 'Error de conexión. Por favor intente nuevamente.',
    });
  });
});
