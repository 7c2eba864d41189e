// Spanish names of a business's fields, as the screens show them: the history's 'Campo' column and
// its filter, and the CSV headers. The log trigger writes one row per changed column of
// `businesses`, plus 'password' for a new password; the payment webhooks write the subscription's.
const LABELS: Record<string, string> = {
  business_name: 'Nombre',
  business_owner: 'Propietario',
  business_email: 'Email',
  business_phone: 'Teléfono',
  business_address: 'Dirección',
  business_category: 'Categoría',
  business_description: 'Descripción',
  business_year: 'Año',
  business_terms: 'Términos aceptados',
  verified_email: 'Email verificado',
  verified_phone: 'Teléfono verificado',
  admin_verified: 'Verificado por administración',
  must_change_password: 'Debe cambiar contraseña',
  password: 'Contraseña',
  business_registry_number: 'Número de registro',
  ip_address: 'Dirección IP',
  device_type: 'Tipo de dispositivo',
  referral_source: 'Fuente de referencia',
  registration_date: 'Fecha de registro',
  business_created_at: 'Fecha de creación',
  // Written by the payment webhooks, who changed it being 'Stripe' or 'PayPal'.
  subscription_provider: 'Proveedor de pago',
  subscription_tier: 'Plan de suscripción',
  subscription_status: 'Estado de suscripción',
  subscription_renews: 'Renovación automática',
  billing_email: 'Email de facturación',
  billing_item: 'Factura',
  // The INSERT row of a business brought back from the trash (migration 060).
  restored: 'Restaurado desde la papelera',
};

/** The columns a staff member may filter the history by, in the order the filter lists them. */
export const BUSINESS_LOG_COLUMNS: readonly string[] = Object.keys(LABELS);

/** 'Email verificado' for verified_email; an unknown column keeps its own name, none gives '—'. */
export function businessColumnLabel(column: string | null | undefined): string {
  if (!column) return '—';
  return Object.hasOwn(LABELS, column) ? (LABELS[column] as string) : column;
}

export type VerificationLabel = 'Verificado' | 'Parcialmente Verificado' | 'No Verificado';

/** SPEC §4 "Business verification": both flags, one, or none; cased as the directory's filter options. */
export function verificationLabel(verifiedEmail: boolean, verifiedPhone: boolean): VerificationLabel {
  if (verifiedEmail && verifiedPhone) return 'Verificado';
  return verifiedEmail || verifiedPhone ? 'Parcialmente Verificado' : 'No Verificado';
}

/** 'Sí' / 'No' for a boolean shown to a person (screens and CSV cells). */
export const yesNo = (value: boolean): 'Sí' | 'No' => (value ? 'Sí' : 'No');
