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
import { LazyScreen } from './lazy-screens.tsx';
import { PendingAdminsBadge } from './pending-admins-badge.tsx';

export interface DashboardTab {
  /** The value kept in the URL: /admin-dashboard?tab=buscar */
  id: string;
  label: string;
  icon: LucideIcon;
  masterOnly?: boolean;
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
    masterOnly: true,
    render: () => <LazyScreen name="adminRegistration" />,
  },
  {
    id: 'aprobar-admins',
    label: 'Aprobar Admins',
    icon: BadgeCheck,
    masterOnly: true,
    badge: () => <PendingAdminsBadge />,
    render: () => <LazyScreen name="adminApproval" />,
  },
  {
    id: 'auditoria',
    label: 'Auditoría',
    icon: ScrollText,
    masterOnly: true,
    render: () => <LazyScreen name="audit" />,
  },
  {
    id: 'papelera',
    label: 'Papelera',
    icon: Trash2,
    masterOnly: true,
    render: () => <LazyScreen name="trash" />,
  },
];

export function tabsFor(loginType: string | undefined): DashboardTab[] {
  return DASHBOARD_TABS.filter((tab) => !tab.masterOnly || loginType === 'master');
}

/** The tab shown for a requested `?tab=` value: the default when it is missing, unknown or not this person's. */
export function shownTabId(tabs: DashboardTab[], requested: string | null): string {
  return tabs.some((tab) => tab.id === requested) ? (requested as string) : DEFAULT_TAB;
}
