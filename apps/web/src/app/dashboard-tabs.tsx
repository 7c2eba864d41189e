// The dashboard's tabs (SPEC §2). Each screen's issue replaces its `render` with the real screen.
import {
  BadgeCheck,
  FileText,
  KeyRound,
  type LucideIcon,
  PlusCircle,
  Search,
  UserPlus,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { PendingAdminsBadge } from './pending-admins-badge.tsx';
import { UnderConstruction } from './under-construction.tsx';

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
    render: () => <UnderConstruction title="Buscar Negocios" />,
  },
  {
    id: 'contenido',
    label: 'Gestionar Contenido',
    icon: FileText,
    render: () => <UnderConstruction title="Gestionar Contenido" />,
  },
  {
    id: 'suscripciones',
    label: 'Gestionar Suscripciones',
    icon: Wallet,
    render: () => <UnderConstruction title="Gestionar Suscripciones" />,
  },
  {
    id: 'acceso',
    label: 'Gestionar Acceso',
    icon: KeyRound,
    render: () => <UnderConstruction title="Gestionar Acceso" />,
  },
  {
    id: 'registrar',
    label: 'Registrar Negocio',
    icon: PlusCircle,
    render: () => <UnderConstruction title="Registrar Negocio" />,
  },
  {
    id: 'registrar-admin',
    label: 'Registrar Admin',
    icon: UserPlus,
    masterOnly: true,
    render: () => <UnderConstruction title="Registrar Admin" />,
  },
  {
    id: 'aprobar-admins',
    label: 'Aprobar Admins',
    icon: BadgeCheck,
    masterOnly: true,
    badge: () => <PendingAdminsBadge />,
    render: () => <UnderConstruction title="Aprobar Admins" />,
  },
];

export function tabsFor(loginType: string | undefined): DashboardTab[] {
  return DASHBOARD_TABS.filter((tab) => !tab.masterOnly || loginType === 'master');
}
