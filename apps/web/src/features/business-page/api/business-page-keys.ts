/** The business page's query keys; every entry of one business starts with its registry number. */
export const businessPageKeys = {
  page: (registry: string) => ['business-page', registry] as const,
  contentStats: (registry: string) => ['business-page', registry, 'content-stats'] as const,
  content: (registry: string) => ['business-page', registry, 'content'] as const,
  subscription: (registry: string) => ['business-page', registry, 'subscription'] as const,
  billing: (registry: string) => ['business-page', registry, 'billing'] as const,
  audit: (registry: string) => ['business-page', registry, 'audit'] as const,
};
