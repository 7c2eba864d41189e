// The page's sections, each at its own address: /negocios/REG000123[/historial|/contenido|…].
export interface BusinessSection {
  /** The URL segment; '' is the default (Resumen). */
  path: string;
  label: string;
  masterOnly?: boolean;
}

export const BUSINESS_SECTIONS: BusinessSection[] = [
  { path: '', label: 'Resumen' },
  { path: 'historial', label: 'Historial' },
  { path: 'contenido', label: 'Contenido' },
  { path: 'suscripcion', label: 'Suscripción' },
  { path: 'acceso', label: 'Acceso' },
  { path: 'auditoria', label: 'Auditoría', masterOnly: true },
];

export const sectionsFor = (master: boolean) =>
  BUSINESS_SECTIONS.filter((section) => master || !section.masterOnly);
