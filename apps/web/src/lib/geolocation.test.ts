import { describe, expect, it } from 'vitest';
import { currentPosition, GEOLOCATION_MESSAGES, geolocationErrorMessage } from './geolocation.ts';

const failingWith = (code: number) =>
  ({
    getCurrentPosition: (_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
      fail?.({ code } as GeolocationPositionError),
  }) as unknown as Geolocation;

describe('geolocation messages (SPEC §8)', () => {
  it('maps the error codes to the Spanish messages', () => {
    expect(geolocationErrorMessage(1)).toBe(
      'Permiso de ubicación denegado. Revise la configuración de su navegador.',
    );
    expect(geolocationErrorMessage(2)).toBe('La información de la ubicación no está disponible.');
    expect(geolocationErrorMessage(3)).toBe('La solicitud de ubicación expiró.');
    expect(geolocationErrorMessage(99)).toBe('Ocurrió un error al obtener la ubicación.');
    expect(geolocationErrorMessage(undefined)).toBe('Ocurrió un error al obtener la ubicación.');
  });

  it('rejects with the unsupported message without a geolocation API', async () => {
    await expect(currentPosition(null)).rejects.toThrow(
      'La geolocalización no es soportada por este navegador.',
    );
  });

  it('resolves the coordinates or rejects with the mapped message', async () => {
    const working = {
      getCurrentPosition: (ok: PositionCallback) =>
        ok({ coords: { latitude: 18.4655, longitude: -66.1057 } } as GeolocationPosition),
    } as unknown as Geolocation;
    await expect(currentPosition(working)).resolves.toEqual({ latitude: 18.4655, longitude: -66.1057 });
    await expect(currentPosition(failingWith(1))).rejects.toThrow(GEOLOCATION_MESSAGES.denied);
    await expect(currentPosition(failingWith(3))).rejects.toThrow(GEOLOCATION_MESSAGES.timeout);
  });
});
