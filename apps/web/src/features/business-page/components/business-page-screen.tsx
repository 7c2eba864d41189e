// /negocios/:registro[/:seccion]: everything about one business. The first paint is one
// call; each section loads what it needs when it opens.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import type { BusinessPage } from '../../../api/business-page-api.ts';
import { useSession } from '../../../session/use-session.ts';
import type { Viewer } from '../../../ui/business/access/access-rules.ts';
import {
  DeleteBusinessModal,
  EditBusinessModal,
  EmailChangeModal,
  ModalSuspense,
  VerificationModal,
} from '../../../ui/business/row-modals/lazy-modals.tsx';
import { businessPath } from '../../../ui/business-link.tsx';
import { LoadingState, QueryError } from '../../../ui/data-states.tsx';
import { RestrictedPage } from '../../../ui/restricted-page.tsx';
import { businessPageKeys } from '../api/business-page-keys.ts';
import { isNotFound, useBusinessPage } from '../api/use-business-page.ts';
import { AccessPanel } from './access-panel.tsx';
import { BackLink } from './back-link.tsx';
import { BusinessHeader, type HeaderAction } from './business-header.tsx';
import { refusedSection, sectionsFor } from './business-sections.ts';
import { ContentPanel } from './content-panel.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { BusinessDeleted, BusinessNotFound } from './page-states.tsx';
import { SectionNav } from './section-nav.tsx';
import { SubscriptionPanel } from './subscription-panel.tsx';
import { SummarySection } from './summary-section.tsx';

// Master only, and it brings the contract's zod schemas: loaded when opened.
const AuditPanel = lazy(() => import('./audit-panel.tsx'));
// The same for the trash, asked when the master's page finds no business.
const MissingBusiness = lazy(() => import('./missing-business.tsx'));

function Section({ path, page, viewer }: { path: string; page: BusinessPage; viewer: Viewer }) {
  const registry = page.business.business_registry_number;
  switch (path) {
    case 'historial':
      return <HistoryPanel registry={registry} />;
    case 'contenido':
      return <ContentPanel registry={registry} />;
    case 'suscripcion':
      return <SubscriptionPanel registry={registry} hasSubscription={page.subscription !== null} />;
    case 'acceso':
      return <AccessPanel registry={registry} viewer={viewer} />;
    case 'auditoria':
      return (
        <Suspense fallback={<LoadingState label="Cargando auditoría..." />}>
          <AuditPanel registry={registry} />
        </Suspense>
      );
    default:
      return <SummarySection page={page} />;
  }
}

export default function BusinessPageScreen() {
  const params = useParams();
  const registry = (params.registro ?? '').trim().toUpperCase();
  const sectionPath = params.seccion ?? '';
  const { session } = useSession();
  const master = session?.loginType === 'master';
  const viewer: Viewer = { loginType: master ? 'master' : 'admin', adminId: session?.adminId ?? null };
  const queryClient = useQueryClient();
  const query = useBusinessPage(registry);
  const [action, setAction] = useState<HeaderAction | null>(null);
  const [deleted, setDeleted] = useState(false);

  const sections = sectionsFor(master);
  // A master's section asked for by an admin (a link a master shared): the restricted page in its
  // place, the address kept, the other sections above it. A mistyped one: Resumen.
  const refused = refusedSection(master, sectionPath);
  if (!refused && !sections.some((section) => section.path === sectionPath)) {
    return <Navigate to={businessPath(registry)} replace />;
  }

  const patch = (changes: Partial<BusinessRow>) =>
    queryClient.setQueryData<BusinessPage>(businessPageKeys.page(registry), (current) =>
      current ? { ...current, business: { ...current.business, ...changes } } : current,
    );
  /** A deletion refused for a change made meanwhile: the business as it is now, then all of the page. */
  const reload = (changes: Partial<BusinessRow>) => {
    patch(changes);
    void queryClient.invalidateQueries({ queryKey: businessPageKeys.page(registry), exact: true });
  };
  /** A modal's save found the business deleted (another tab, someone else): the page reads it again. */
  const gone = () =>
    void queryClient.invalidateQueries({ queryKey: businessPageKeys.page(registry), exact: true });

  let body: ReactNode;
  if (deleted && query.data) {
    body = <BusinessDeleted name={query.data.business.business_name} registry={registry} />;
  } else if (query.isPending) {
    body = <LoadingState label="Cargando negocio..." />;
  } else if (query.isError && isNotFound(query.error)) {
    body = master ? (
      <Suspense fallback={<LoadingState label="Buscando en la papelera..." />}>
        <MissingBusiness registry={registry} />
      </Suspense>
    ) : (
      <BusinessNotFound registry={registry} />
    );
  } else if (!query.data) {
    body = <QueryError query={query} title="No se pudo cargar el negocio" />;
  } else {
    const page = query.data;
    body = (
      <>
        {/* A read again (the owner's mail pending, say) that failed: the page stays as last read. */}
        {query.isError ? <QueryError query={query} title="No se pudo actualizar el negocio" /> : null}
        <BusinessHeader page={page} master={master} onAction={setAction} />
        <SectionNav registry={registry} sections={sections} />
        {refused?.masterOnly ? (
          <RestrictedPage title="Acceso Restringido" message={refused.masterOnly} embedded />
        ) : (
          <Section path={sectionPath} page={page} viewer={viewer} />
        )}
      </>
    );
  }

  const business = query.data?.business;
  const close = () => setAction(null);
  return (
    <div className="space-y-6">
      <BackLink />
      {body}
      {business && action ? (
        <ModalSuspense onClose={close}>
          {action === 'edit' ? (
            <EditBusinessModal business={business} onSaved={patch} onGone={gone} onClose={close} />
          ) : null}
          {action === 'verification' ? (
            <VerificationModal business={business} onSaved={patch} onGone={gone} onClose={close} />
          ) : null}
          {action === 'email' ? (
            <EmailChangeModal business={business} onChanged={patch} onGone={gone} onClose={close} />
          ) : null}
          {action === 'delete' ? (
            <DeleteBusinessModal
              business={business}
              onDeleted={() => setDeleted(true)}
              onRestored={() => setDeleted(false)}
              onReloaded={reload}
              onClose={close}
            />
          ) : null}
        </ModalSuspense>
      ) : null}
    </div>
  );
}
