// The dashboard's tabs (SPEC §2); each renders its screen lazily.
import {
  BadgeCheck,
  FileText,
  KeyRound,
  type LucideIcon,
  PlusCircle,
  ScrollText,
  Search,
  Trash2,
  UserPlus,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { MASTER_ONLY_MESSAGES } from '../lib/master-only-messages.ts';
import { LazyScreen } from './lazy-screens.tsx';
import { PendingAdminsBadge } from './pending-admins-badge.tsx';

export interface DashboardTab {
  /** The value kept in the URL: /admin-dashboard?tab=buscar */
  id: string;
  label: string;
  icon: LucideIcon;
  /** Master only: the reason the restricted page gives an admin who asks for it (a link a master shared). */
  masterOnly?: string;
  badge?: () => ReactNode;
  render: () => ReactNode;
}

export const DEFAULT_TAB = 'buscar';

export const DASHBOARD_TABS: DashboardTab[] = [
  {
    id: 'buscar',
    label: 'Buscar Negocios',
    icon: Search,
    render: () => <LazyScreen name="directory" />,
  },
  {
    id: 'contenido',
    label: 'Gestionar Contenido',
    icon: FileText,
    render: () => <LazyScreen name="content" />,
  },
  {
    id: 'suscripciones',
    label: 'Gestionar Suscripciones',
    icon: Wallet,
    render: () => <LazyScreen name="subscriptions" />,
  },
  {
    id: 'acceso',
    label: 'Gestionar Acceso',
    icon: KeyRound,
    render: () => <LazyScreen name="access" />,
  },
  {
    id: 'registrar',
    label: 'Registrar Negocio',
    icon: PlusCircle,
    render: () => <LazyScreen name="registerBusiness" />,
  },
  {
    id: 'registrar-admin',
    label: 'Registrar Admin',
    icon: UserPlus,
    masterOnly: MASTER_ONLY_MESSAGES.registration,
    render: () => <LazyScreen name="adminRegistration" />,
  },
  {
    id: 'aprobar-admins',
    label: 'Aprobar Admins',
    icon: BadgeCheck,
    masterOnly: MASTER_ONLY_MESSAGES.approval,
    badge: () => <PendingAdminsBadge />,
    render: () => <LazyScreen name="adminApproval" />,
  },
  {
    id: 'auditoria',
    label: 'Auditoría',
    icon: ScrollText,
    masterOnly: MASTER_ONLY_MESSAGES.audit,
    render: () => <LazyScreen name="audit" />,
  },
  {
    id: 'papelera',
    label: 'Papelera',
    icon: Trash2,
    masterOnly: MASTER_ONLY_MESSAGES.trash,
    render: () => <LazyScreen name="trash" />,
  },
];

export function tabsFor(loginType: string | undefined): DashboardTab[] {
  return DASHBOARD_TABS.filter((tab) => !tab.masterOnly || loginType === 'master');
}

/**
 * The tab named by a requested `?tab=` value: the default when it is missing or unknown. A master's
 * tab asked for by an admin stays named (the URL is kept): `refusedTab` gives it, for the restricted page.
 */
export function shownTabId(tabs: DashboardTab[], requested: string | null): string {
  return tabs.some((tab) => tab.id === requested) || refusedTab(tabs, requested)
    ? (requested as string)
    : DEFAULT_TAB;
}

/** A master's tab that is not among this person's `tabs` (an admin's): shown as the restricted page. */
export function refusedTab(tabs: DashboardTab[], id: string | null): DashboardTab | undefined {
  if (tabs.some((tab) => tab.id === id)) return undefined;
  return DASHBOARD_TABS.find((tab) => tab.id === id && tab.masterOnly);
}
