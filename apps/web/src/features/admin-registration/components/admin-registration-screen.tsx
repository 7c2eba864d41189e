// 'Registrar Admin' (SPEC §2, §5, §8): the master registers an admin account, created pending.
import { History } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { CreateAdminAnswer } from '../../../api/admin-registration-api.ts';
import { cn, focusRing } from '../../../ui/cn.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { AdminRegistrationForm } from './admin-registration-form.tsx';
import { type CreatedAdmin, RegistrationSuccessBanner } from './registration-success-banner.tsx';

export default function AdminRegistrationScreen() {
  // A dashboard tab sits under the page's h1; on its own route this is the page's heading.
  const onDashboard = useLocation().pathname === '/admin-dashboard';
  const [created, setCreated] = useState<CreatedAdmin | null>(null);
  const hide = useCallback(() => setCreated(null), []);

  const handleCreated = (answer: CreateAdminAnswer) =>
    setCreated({
      adminId: answer.admin_id,
      name: `${answer.admin.admin_first_name} ${answer.admin.admin_last_name}`,
      status: answer.admin.admin_access_status,
    });

  return (
    <section>
      <PageHeader
        level={onDashboard ? 2 : 1}
        title="Registrar Nuevo Administrador"
        description="Cree la cuenta de un administrador; quedará pendiente hasta que sea aprobada."
        actions={
          <Link
            to="/admin-registration-history"
            className={cn(
              'inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50',
              focusRing,
            )}
          >
            <History className="size-4" aria-hidden="true" />
            Ver Historial de Registros
          </Link>
        }
      />
      <div className="space-y-6">
        {created ? <RegistrationSuccessBanner key={created.adminId} created={created} onHide={hide} /> : null}
        <AdminRegistrationForm onCreated={handleCreated} onAttempt={hide} />
      </div>
    </section>
  );
}
