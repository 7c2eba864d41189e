// The establishment types are stored as SPEC §3 spells them; the screen shows them with accents.
const ACCENTED: Record<string, string> = { Almacen: 'Almacén' };

export const establishmentLabel = (type: string): string => ACCENTED[type] ?? type;
