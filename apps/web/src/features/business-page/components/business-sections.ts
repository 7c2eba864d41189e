// The page's sections, each at its own address: /negocios/REG000123[/historial|/contenido|…].
import { MASTER_ONLY_MESSAGES } from '../../../lib/master-only-messages.ts';

export interface BusinessSection {
  /** The URL segment; '' is the default (Resumen). */
  path: string;
  label: string;
  /** Master only: the reason the restricted page gives an admin who asks for it (a link a master shared). */
  masterOnly?: string;
}

export const BUSINESS_SECTIONS: BusinessSection[] = [
  { path: '', label: 'Resumen' },
  { path: 'historial', label: 'Historial' },
  { path: 'contenido', label: 'Contenido' },
  { path: 'suscripcion', label: 'Suscripción' },
  { path: 'acceso', label: 'Acceso' },
  { path: 'auditoria', label: 'Auditoría', masterOnly: MASTER_ONLY_MESSAGES.businessAudit },
];

export const sectionsFor = (master: boolean) =>
  BUSINESS_SECTIONS.filter((section) => master || !section.masterOnly);

/** A master's section asked for by someone else (an admin): shown as the restricted page, the URL kept. */
export const refusedSection = (master: boolean, path: string): BusinessSection | undefined =>
  master ? undefined : BUSINESS_SECTIONS.find((section) => section.path === path && section.masterOnly);
