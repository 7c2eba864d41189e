// 'Gestionar Acceso' (SPEC §2 "Access screen"): a registry search, the business's master and per-admin
// access cards, and the change history. The registry and history page live in the URL.
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useRegistrySearchParam } from '../../../lib/use-registry-search-param.ts';
import { useSession } from '../../../session/use-session.ts';
import { accessKeys } from '../../../ui/business/access/access-keys.ts';
import type { Viewer } from '../../../ui/business/access/access-rules.ts';
import { useAccessControls } from '../../../ui/business/access/use-access-controls.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { RegistrySearchForm } from '../../../ui/registry-search-form.tsx';
import { AccessResults } from './access-results.tsx';

const HISTORY_PAGE_PARAM = 'pagina_historial';

export default function AccessScreen() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  // The registry's own hook, as on the other lookup screens: the form is not re-created by its own
  // searches, so the message of one that found nothing stays while the previous business goes.
  const { registry: searched, setRegistry, formKey } = useRegistrySearchParam();
  const registry = searched || null;
  const historyPage = Math.max(1, Number.parseInt(params.get(HISTORY_PAGE_PARAM) ?? '1', 10) || 1);
  const query = useAccessControls(registry);
  const viewer: Viewer = {
    loginType: session?.loginType === 'master' ? 'master' : 'admin',
    adminId: session?.adminId ?? null,
  };

  const search = (value: string) => {
    if (value === registry) {
      void queryClient.invalidateQueries({ queryKey: accessKeys.business(value) });
      return;
    }
    setRegistry(value, [HISTORY_PAGE_PARAM]);
  };

  const clear = () => {
    if (registry !== null) setRegistry('', [HISTORY_PAGE_PARAM]);
  };

  const changeHistoryPage = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set(HISTORY_PAGE_PARAM, String(page));
    else next.delete(HISTORY_PAGE_PARAM);
    setParams(next);
  };

  return (
    <section aria-labelledby="access-screen-title">
      <PageHeader
        title={<span id="access-screen-title">Gestionar Acceso</span>}
        description="Decida qué áreas de un negocio puede gestionar cada administrador. Cada cambio queda registrado."
      />
      <div className="space-y-6">
        <RegistrySearchForm
          key={formKey}
          initialValue={registry ?? ''}
          onSearch={search}
          onClear={clear}
          loading={registry !== null && query.isFetching}
        />
        {registry === null ? (
          <EmptyState
            icon={<KeyRound className="size-6" />}
            title="Busque un negocio"
            description="Busque el negocio por su número de registro, nombre, email o teléfono para ver y cambiar sus controles de acceso."
          />
        ) : (
          <AccessResults
            registry={registry}
            query={query}
            viewer={viewer}
            historyPage={historyPage}
            onHistoryPageChange={changeHistoryPage}
          />
        )}
      </div>
    </section>
  );
}
