import { MSG } from '@portal/contract/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { displayMessage, serverErrorText, setMessageTranslator } from './message-translator.ts';
import { INVALID_VALUE, registerSpanishMessages } from './spanish-messages.ts';

afterEach(() => setMessageTranslator(null));

describe('before sign-in (the login page keeps its own texts)', () => {
  it('shows messages as they are', () => {
    expect(displayMessage(MSG.passwordUpper)).toBe(MSG.passwordUpper);
    expect(serverErrorText('pool exhausted', 500, 'r-1')).toBe('pool exhausted');
  });
});

describe('signed in', () => {
  it('a form message of the contract reads in Spanish, the portal texts as they are', () => {
    registerSpanishMessages();
    expect(displayMessage(MSG.passwordUpper)).toBe(
      'La contraseña debe contener al menos una letra mayúscula',
    );
    expect(displayMessage('Las contraseñas no coinciden')).toBe('Las contraseñas no coinciden');
    expect(displayMessage(null)).toBeNull();
  });

  it('a server error the table does not know reads as the generic text with the request id', () => {
    registerSpanishMessages();
    expect(serverErrorText('Network error', 502, 'abc-123')).toBe(
      'Ocurrió un error inesperado. Código de soporte: abc-123',
    );
    expect(serverErrorText('Network error', 400)).toBe('Ocurrió un error inesperado.');
    expect(serverErrorText(MSG.emailChangeConflict, 409, 'abc')).toBe(
      'Conflicto: el nuevo correo electrónico ya está registrado o no hay un cambio pendiente.',
    );
  });

  it('a 503 says the service is unavailable, whoever answered it, unless it gives a reason of its own', () => {
    registerSpanishMessages();
    const unavailable = 'El servicio no está disponible en este momento. Intente de nuevo en unos minutos.';
    // The server with its database down; Fastify's own answer while the server shuts down; a proxy's
    // page (no JSON: the client's 'Request failed').
    expect(serverErrorText(MSG.serviceUnavailable, 503, 'r-5')).toBe(`${unavailable} Código de soporte: r-5`);
    expect(serverErrorText('Service Unavailable', 503, 'r-6')).toBe(`${unavailable} Código de soporte: r-6`);
    expect(serverErrorText(MSG.requestFailed, 503)).toBe(unavailable);
    expect(serverErrorText(MSG.webhookProviderUnavailable, 503)).toBe(
      'El proveedor de pagos no responde; intente más tarde.',
    );
    expect(serverErrorText(MSG.requestFailed, 500)).toBe('La solicitud no se pudo completar.');
    expect(serverErrorText('Service Unavailable', 500)).toBe('Ocurrió un error inesperado.');
  });

  it('a zod check written without its own message reads in Spanish', () => {
    registerSpanishMessages();
    const result = z
      .object({ name: z.string().min(3), code: z.string().min(6, MSG.codeSixDigitsEs) })
      .safeParse({
        name: 'x',
        code: '1',
      });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([INVALID_VALUE, MSG.codeSixDigitsEs]);
  });
});
