// What a business's registration record says, in Spanish: its device and how it heard of us arrive
// as the values the registration stored ('web', 'admin_registration'); an unknown one shows as written,
// none as 'Sin especificar' (SPEC keeps 'N/A' for invalid dates).
const DEVICES = new Map<string, string>([
  ['web', 'Sitio web'],
  ['desktop', 'Computadora'],
  ['mobile', 'Móvil'],
  ['tablet', 'Tableta'],
]);

const REFERRALS = new Map<string, string>([
  ['admin_registration', 'Registrado por la administración'],
  ['google', 'Google'],
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['referido', 'Referido por otra persona'],
  ['radio', 'Radio'],
  ['periódico', 'Periódico'],
  ['feria', 'Feria'],
]);

/** What the registration left empty reads as. */
export const NOT_GIVEN = 'Sin especificar';

const labelOf = (labels: Map<string, string>, value: string | null | undefined): string => {
  const text = value?.trim();
  if (!text) return NOT_GIVEN;
  return labels.get(text.toLowerCase()) ?? text;
};

/** 'Sitio web', 'Móvil'… for `device_type`. */
export const deviceLabel = (value: string | null | undefined) => labelOf(DEVICES, value);

/** 'Registrado por la administración', 'Google'… for `referral_source`. */
export const referralLabel = (value: string | null | undefined) => labelOf(REFERRALS, value);
