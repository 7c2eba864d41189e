import { describe, expect, it } from 'vitest';
import { matchingScreens, paletteScreens } from './palette-screens.ts';

const labels = (loginType: string) => paletteScreens(loginType).map((screen) => screen.label);

describe('paletteScreens', () => {
  it('offers the import page to an admin and to the master', () => {
    for (const loginType of ['admin', 'master']) {
      expect(paletteScreens(loginType)).toContainEqual({
        id: 'importar',
        label: 'Importar negocios',
        path: '/importar',
      });
    }
  });

  it('offers the registration history and the master-only tabs to the master alone', () => {
    expect(labels('master')).toEqual(
      expect.arrayContaining(['Historial de Registros', 'Auditoría', 'Papelera']),
    );
    expect(labels('admin')).not.toContain('Historial de Registros');
    expect(labels('admin')).not.toContain('Auditoría');
  });

  it('finds a screen by a word typed without accents or capitals', () => {
    const screens = paletteScreens('admin');
    expect(matchingScreens(screens, 'importar').map((screen) => screen.path)).toEqual(['/importar']);
    expect(matchingScreens(paletteScreens('master'), 'auditoria').map((screen) => screen.label)).toEqual([
      'Auditoría',
    ]);
  });
});
