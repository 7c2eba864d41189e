import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../api/api-error.ts';
import { describeCreateAdminFailure } from './create-admin-error.ts';

describe('describeCreateAdminFailure (SPEC §8 "Admin create")', () => {
  it('shows a taken email on the email field', () => {
    const error = new ApiError('Email is already registered', 409, { error: 'Email is already registered' });
    expect(describeCreateAdminFailure(error)).toEqual({
      message: null,
      fields: [{ field: 'email', message: 'Este correo electrónico ya está registrado' }],
    });
  });

  it('maps a 400 with details to the fields and the Spanish validation message', () => {
    const body = {
      error: 'Valid email address is required',
      details: [{ field: 'admin_email', message: 'Valid email address is required' }],
    };
    expect(describeCreateAdminFailure(new ApiError(body.error, 400, body))).toEqual({
      message: 'Error de validación. Verifique los datos ingresados.',
      fields: [{ field: 'email', message: 'Valid email address is required' }],
    });
  });

  it('says "validation" messages in Spanish', () => {
    expect(describeCreateAdminFailure(new ApiError('Validation error', 422))).toEqual({
      message: 'Error de validación. Verifique los datos ingresados.',
      fields: [],
    });
  });

  it('shows other server messages as they are, and a fallback when the request never got an answer', () => {
    expect(describeCreateAdminFailure(new ApiError('Internal server error', 500))).toEqual({
      message: 'Internal server error',
      fields: [],
    });
    expect(describeCreateAdminFailure(new NetworkError())).toEqual({
      message: 'Error al registrar el administrador. Intente nuevamente.',
      fields: [],
    });
  });
});
