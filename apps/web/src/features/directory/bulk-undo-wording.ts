// The name of 'Deshacer' after a bulk deletion; what it says once it runs is the trash's restore
// of many (lib/restore-wording.ts), shared with the Papelera's 'Restaurar seleccionados'.
export const UNDO_LABEL = 'Deshacer';
