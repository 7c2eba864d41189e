// Why an admin may not open a master's page, tab or section: the restricted page says it (SPEC §6).
export const MASTER_ONLY_MESSAGES = {
  history: 'Solo usuarios maestros pueden ver el historial de registros de administradores.',
  registration: 'Solo usuarios maestros pueden registrar nuevos administradores.',
  approval: 'Solo usuarios maestros pueden aprobar administradores.',
  audit: 'Solo usuarios maestros pueden ver la auditoría.',
  trash: 'Solo usuarios maestros pueden ver la papelera.',
  businessAudit: 'Solo usuarios maestros pueden ver la auditoría del negocio.',
} as const;
