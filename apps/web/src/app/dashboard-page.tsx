import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../session/use-session.ts';
import { RestrictedPage } from '../ui/restricted-page.tsx';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../ui/tabs.tsx';
import { refusedTab, shownTabId, tabsFor } from './dashboard-tabs.tsx';

/** /admin-dashboard: the tabs by role; the selected one lives in ?tab= so reload and back keep it. */
export function DashboardPage() {
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const tabs = tabsFor(session?.loginType);
  const requested = params.get('tab');
  const current = shownTabId(tabs, requested);
  // A master's tab asked for by an admin (a link a master shared): the address stays, the restricted
  // page says why, and the admin's own tabs above it stay usable.
  const refused = refusedTab(tabs, current);

  // A tab that does not exist: the address names the tab actually shown, replacing the entry so that
  // Back does not return to it.
  useEffect(() => {
    if (requested !== null && requested !== current) setParams({ tab: current }, { replace: true });
  }, [requested, current, setParams]);

  // Radix reports a click twice (mouse down, then focus); one history entry per choice keeps Back working.
  const lastChoice = useRef(current);
  useEffect(() => {
    lastChoice.current = current;
  }, [current]);

  const select = (id: string) => {
    if (id === lastChoice.current) return;
    lastChoice.current = id;
    // Each tab starts from its own state (its search, filters, registry); Back restores the last one.
    setParams(new URLSearchParams({ tab: id }));
  };

  return (
    <TabsRoot value={current} onValueChange={select}>
      <div className="mb-5">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">Panel de Control</h1>
        <p className="mt-1 text-sm text-slate-600">
          Gestione los negocios del directorio, su contenido y sus accesos.
        </p>
      </div>
      <TabsList aria-label="Secciones del panel">
        {tabs.map((tab) => (
          <TabsTrigger key={tab.id} value={tab.id}>
            <tab.icon aria-hidden="true" />
            {tab.label}
            {tab.badge?.()}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.id} value={tab.id}>
          {tab.id === current ? tab.render() : null}
        </TabsContent>
      ))}
      {refused?.masterOnly ? (
        <RestrictedPage title="Acceso Restringido" message={refused.masterOnly} embedded />
      ) : null}
    </TabsRoot>
  );
}
