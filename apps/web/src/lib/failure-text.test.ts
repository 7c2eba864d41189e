import { MSG } from '@portal/contract/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError, RequestTimeoutError } from '../api/api-error.ts';
import { failureText, UNCONFIRMED } from './failure-text.ts';
import { setMessageTranslator } from './message-translator.ts';
import { registerSpanishMessages } from './spanish-messages.ts';

const FALLBACK = 'Error al actualizar los datos del negocio.';
const timeout = () => new RequestTimeoutError(new DOMException('aborted', 'AbortError'));

afterEach(() => setMessageTranslator(null));

describe('failureText', () => {
  it("shows the server's refusal in its Spanish", () => {
    registerSpanishMessages();
    expect(failureText(new ApiError(MSG.resourceNotFound, 404), FALLBACK, 'change')).toBe(
      'No se encontró el recurso solicitado.',
    );
  });

  it('a 5xx without a message the portal knows reads as a Spanish text with the support code', () => {
    registerSpanishMessages();
    const error = new ApiError('pool exhausted', 500, { error: 'pool exhausted', request_id: 'r-7' });
    expect(failureText(error, FALLBACK, 'change')).toBe(
      'Ocurrió un error inesperado. Código de soporte: r-7',
    );
  });

  it('no connection: the connection error the lists show, read or write', () => {
    expect(failureText(new NetworkError(new TypeError('Failed to fetch')), FALLBACK, 'deletion')).toBe(
      'Error de conexión. Por favor intente nuevamente.',
    );
    expect(failureText(new NetworkError(), FALLBACK)).toBe(MSG.loginConnectionError);
  });

  it('no answer in time: a read is tried again, a write may have been applied', () => {
    expect(failureText(timeout(), FALLBACK)).toBe('El servidor no respondió a tiempo. Intente de nuevo.');
    expect(failureText(timeout(), FALLBACK, 'deletion')).toBe(UNCONFIRMED.deletion);
    expect(UNCONFIRMED.deletion).toMatch(/no se pudo confirmar si se eliminó el negocio.*Recargue/);
    expect(failureText(timeout(), FALLBACK, 'change')).toMatch(/no se pudo confirmar si se guardó el cambio/);
  });

  it("a proxy's 502 or 504 on a write may have been applied; on a read it is the proxy's answer", () => {
    registerSpanishMessages();
    for (const status of [502, 504]) {
      const gateway = new ApiError(`Request failed with status ${status}`, status);
      expect(failureText(gateway, FALLBACK, 'deletion')).toBe(UNCONFIRMED.deletion);
      expect(failureText(gateway, FALLBACK)).toBe(`La solicitud falló (código ${status}).`);
    }
  });

  it("anything else: the screen's own text", () => {
    expect(failureText(new Error('boom'), FALLBACK, 'change')).toBe(FALLBACK);
  });
});
