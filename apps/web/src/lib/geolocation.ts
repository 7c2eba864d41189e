// Browser geolocation for the 'ubicación exacta' checkbox, with the messages of SPEC §8.
export const GEOLOCATION_MESSAGES = {
  unsupported: 'La geolocalización no es soportada por este navegador.',
  denied: 'Permiso de ubicación denegado. Revise la configuración de su navegador.',
  unavailable: 'La información de la ubicación no está disponible.',
  timeout: 'La solicitud de ubicación expiró.',
  other: 'Ocurrió un error al obtener la ubicación.',
} as const;

/** The Spanish message for a GeolocationPositionError code (1 denied, 2 unavailable, 3 timeout). */
export function geolocationErrorMessage(code: number | undefined): string {
  if (code === 1) return GEOLOCATION_MESSAGES.denied;
  if (code === 2) return GEOLOCATION_MESSAGES.unavailable;
  if (code === 3) return GEOLOCATION_MESSAGES.timeout;
  return GEOLOCATION_MESSAGES.other;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The device's position, or a rejection whose message is one of GEOLOCATION_MESSAGES. */
export function currentPosition(
  geolocation: Geolocation | null = globalThis.navigator?.geolocation ?? null,
  timeoutMs = 15_000,
): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error(GEOLOCATION_MESSAGES.unsupported));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new Error(geolocationErrorMessage(error?.code))),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 0 },
    );
  });
}
