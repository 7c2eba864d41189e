// The audit rows of the second factor read in Spanish, on the 'Auditoría' screen and in its file alike.
import { expect, it } from 'vitest';
import { type DetailDates, detailLines } from './staff-audit-details.ts';

const DATES: DetailDates = { dateTime: (value) => value, day: (value) => value };

it("the master's two-factor policy: the setting's change and how many admins were signed out", () => {
  // As the server writes it (jsonb keeps keys shortest first).
  expect(detailLines({ admins_signed_out: 2, admins_require_2fa: { to: true, from: false } }, DATES)).toEqual(
    [
      'Verificación en dos pasos obligatoria para administradores: No → Sí',
      'Administradores cuya sesión se cerró: 2',
    ],
  );
  expect(detailLines({ admins_require_2fa: { to: false, from: true } }, DATES)).toEqual([
    'Verificación en dos pasos obligatoria para administradores: Sí → No',
  ]);
});

it('a sign-in that ended the setup the master requires names that second step in Spanish', () => {
  expect(detailLines({ second_factor: 'setup' }, DATES)).toEqual([
    'Segundo paso: configuración de la verificación en dos pasos',
  ]);
});
