// The screens and actions the palette offers: the dashboard's tabs this person may open (the list in
// dashboard-tabs.tsx), the import page, the registration history for a master, the account's pages
// and the shortcuts help.
import { tabsFor } from '../dashboard-tabs.tsx';

export interface PaletteScreen {
  id: string;
  label: string;
  /** Where Enter goes; no path means the shortcuts help. */
  path?: string;
}

export const SHORTCUTS_HELP_LABEL = 'Atajos de teclado';

export function paletteScreens(loginType: string | undefined): PaletteScreen[] {
  const screens: PaletteScreen[] = tabsFor(loginType).map((tab) => ({
    id: tab.id,
    label: tab.label,
    path: `/admin-dashboard?tab=${tab.id}`,
  }));
  screens.push({ id: 'importar', label: 'Importar negocios', path: '/importar' });
  if (loginType === 'master') {
    screens.push({ id: 'historial', label: 'Historial de Registros', path: '/admin-registration-history' });
  }
  screens.push({ id: 'mis-sesiones', label: 'Mis sesiones', path: '/mis-sesiones' });
  screens.push({ id: 'seguridad', label: 'Seguridad', path: '/seguridad' });
  screens.push({ id: 'atajos', label: SHORTCUTS_HELP_LABEL });
  return screens;
}

/** Lower case without accents: 'Auditoria' finds 'Auditoría'. */
export const foldText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function matchingScreens(screens: PaletteScreen[], query: string): PaletteScreen[] {
  const wanted = foldText(query.trim());
  return wanted ? screens.filter((screen) => foldText(screen.label).includes(wanted)) : screens;
}
