// One key family for SPEC §7 "Access"; a change invalidates the business's list and history.
export const accessKeys = {
  all: ['business-access'] as const,
  business: (registry: string) => [...accessKeys.all, registry] as const,
  list: (registry: string) => [...accessKeys.business(registry), 'list'] as const,
  history: (registry: string, page: number) => [...accessKeys.business(registry), 'history', page] as const,
};
