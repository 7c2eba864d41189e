// A business page's answer (GET …/business-page/registry/:registro) for the screen's tests: a
// business with its email verified and its phone not, no locations, counts or subscription.

export const BUSINESS_PAGE_REGISTRY = 'REG000043';
export const BUSINESS_PAGE_NAME = 'Colmado La Esquina';

/** The fake fetch's answer; `ownerAccess` is the page's owner_access (none by default). */
export function businessPageAnswer(ownerAccess: Record<string, unknown> | null = null) {
  return {
    status: 200,
    body: {
      success: true,
      business: {
        id: 43,
        business_registry_number: BUSINESS_PAGE_REGISTRY,
        business_name: BUSINESS_PAGE_NAME,
        business_owner: 'Ana Rivera',
        business_owner_name: 'Ana Rivera',
        business_email: 'colmado@example.com',
        business_phone: '7875550143',
        business_address: null,
        business_category: null,
        business_description: null,
        business_year: null,
        verified_email: true,
        verified_phone: false,
        verification_status: 'partially_verified',
        business_created_at: '2026-03-01T12:00:00Z',
        business_creation_date: '2026-03-01T12:00:00Z',
        registration_date: '2026-03-01T12:00:00Z',
        admin_verified: false,
        business_terms: true,
        device_type: null,
        referral_source: null,
        ip_address: null,
        updated_at: '2026-03-02T12:00:00Z',
        version: '3',
      },
      locations: [],
      counts: {},
      subscription: null,
      owner_access: ownerAccess,
    },
  };
}
