import { Building2, ChevronDown, LogOut, Menu, UserRound, X } from 'lucide-react';
import { Collapsible, DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatEpochSeconds } from '../lib/format-date.ts';
import { MD_UP, useShownAtWidth } from '../lib/use-media-query.ts';
import { signOut } from './session-sync.ts';
import { useSession } from '../session/use-session.ts';
import { Button } from '../ui/button.tsx';
import { cn, focusRing } from '../ui/cn.ts';
import { shownTabId, tabsFor } from './dashboard-tabs.tsx';

function useHeaderUser() {
  const { session } = useSession();
  const master = session?.loginType === 'master';
  const expiresAt = session?.user.expiresAt ?? null;
  return {
    master,
    label: master ? 'Master User' : session?.user.email || 'Administrador',
    role: master ? 'Master Administrator' : 'Administrator',
    lastAccess: expiresAt ? `Sesión válida hasta ${formatEpochSeconds(expiresAt)}` : 'Sesión actual',
    logoutLabel: master ? 'Cerrar Sesión Master' : 'Cerrar Sesión Admin',
  };
}

function useLogout() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const logout = async () => {
    if (pending) return;
    setPending(true);
    await signOut();
    navigate('/', { replace: true });
  };
  return { pending, logout };
}

// The pages of their own that stand for a tab (SPEC §2): there, the menu marks that tab.
const TAB_OF_PAGE: Record<string, string> = {
  '/business-data': 'contenido',
  '/business-registrations': 'registrar',
  '/master/admin-registration': 'registrar-admin',
  '/admin-approval': 'aprobar-admins',
};

/** Every tab the person may open, as links, the current one marked (the phone's way between tabs). */
function MobileTabLinks({ onNavigate }: { onNavigate: () => void }) {
  const { session } = useSession();
  const { pathname, search } = useLocation();
  const tabs = tabsFor(session?.loginType);
  const current =
    pathname === '/admin-dashboard'
      ? shownTabId(tabs, new URLSearchParams(search).get('tab'))
      : TAB_OF_PAGE[pathname];
  return (
    <nav aria-label="Secciones del panel">
      <ul className="space-y-1">
        {tabs.map((tab) => {
          const selected = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={`/admin-dashboard?tab=${tab.id}`}
                aria-current={selected ? 'page' : undefined}
                onClick={onNavigate}
                className={cn(
                  'flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium',
                  selected
                    ? 'bg-blue-50 text-blue-700'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                  focusRing,
                )}
              >
                <tab.icon className="size-4 shrink-0" aria-hidden="true" />
                <span>
                  {tab.label}
                  {tab.badge?.()}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Avatar({ master }: { master: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full',
        master ? 'bg-red-100 text-red-700' : 'bg-blue-100 text-blue-700',
      )}
    >
      <UserRound className="size-5" />
    </span>
  );
}

export function AppHeader() {
  const user = useHeaderUser();
  const { pending, logout } = useLogout();
  const [mobileOpen, setMobileOpen] = useState(false);
  // Built from the width that shows it: on a phone its menu would only cost the first render (issue #15).
  const desktopMenu = useShownAtWidth(MD_UP);

  return (
    <Collapsible.Root open={mobileOpen} onOpenChange={setMobileOpen} asChild>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            <span
              aria-hidden="true"
              className={cn(
                'flex size-9 shrink-0 items-center justify-center rounded-lg text-white',
                user.master ? 'bg-red-600' : 'bg-blue-600',
              )}
            >
              <Building2 className="size-5" />
            </span>
            <span className="truncate text-sm font-semibold text-slate-900 sm:text-lg">
              Portal de Administración
            </span>
            {user.master ? (
              <span className="shrink-0 rounded-full bg-red-600 px-1.5 py-0.5 text-[10px] font-bold tracking-wider text-white sm:px-2 sm:text-xs">
                MASTER
              </span>
            ) : null}
          </div>

          {desktopMenu ? (
            <div className="hidden items-center gap-4 md:flex">
              <p className="text-right text-xs leading-5 text-slate-500">{user.lastAccess}</p>
              {/* Not modal: a modal menu marks the page aria-hidden while its controls stay focusable (axe aria-hidden-focus). */}
              <DropdownMenu.Root modal={false}>
                {/* Named by its visible text (WCAG 2.5.3, axe label-content-name-mismatch), then what it opens. */}
                <DropdownMenu.Trigger
                  className={cn(
                    'flex items-center gap-3 rounded-lg px-2 py-1.5 text-left hover:bg-slate-100',
                    focusRing,
                  )}
                >
                  <Avatar master={user.master} />
                  <span className="min-w-0">
                    <span className="block max-w-56 truncate text-sm font-medium text-slate-900">
                      {user.label}
                    </span>
                    <span className="block text-xs text-slate-600">{user.role}</span>
                    <span className="sr-only">, menú de usuario</span>
                  </span>
                  <ChevronDown className="size-4 text-slate-500" aria-hidden="true" />
                </DropdownMenu.Trigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.Content
                    align="end"
                    sideOffset={8}
                    className="z-50 min-w-64 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg"
                  >
                    <div className="px-2.5 py-2">
                      <p className="truncate text-sm font-medium text-slate-900">{user.label}</p>
                      <p className="text-xs text-slate-500">{user.role}</p>
                      <p className="mt-1 text-xs text-slate-500">{user.lastAccess}</p>
                    </div>
                    <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
                    <DropdownMenu.Item
                      disabled={pending}
                      onSelect={(event) => {
                        // Keep the menu open so 'Cerrando sesión...' stays visible until the call ends.
                        event.preventDefault();
                        void logout();
                      }}
                      className="flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm font-medium text-red-700 outline-none data-[disabled]:cursor-wait data-[disabled]:opacity-70 data-[highlighted]:bg-red-50"
                    >
                      <LogOut className="size-4" aria-hidden="true" />
                      {pending ? 'Cerrando sesión...' : user.logoutLabel}
                    </DropdownMenu.Item>
                  </DropdownMenu.Content>
                </DropdownMenu.Portal>
              </DropdownMenu.Root>
            </div>
          ) : null}

          <Collapsible.Trigger
            aria-label={mobileOpen ? 'Cerrar menú' : 'Abrir menú'}
            className={cn('rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden', focusRing)}
          >
            {mobileOpen ? (
              <X className="size-6" aria-hidden="true" />
            ) : (
              <Menu className="size-6" aria-hidden="true" />
            )}
          </Collapsible.Trigger>
        </div>

        {/* Only while open: Radix measures even a closed menu, forcing a layout on every signed-in page's
            first render (issue #15); closed, it would render nothing anyway. */}
        {mobileOpen ? (
          <Collapsible.Content className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 px-4 py-4 md:hidden">
            <MobileTabLinks onNavigate={() => setMobileOpen(false)} />
            <div className="mt-4 flex items-center gap-3 border-t border-slate-200 pt-4">
              <Avatar master={user.master} />
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{user.label}</p>
                <p className="text-xs text-slate-500">{user.role}</p>
              </div>
            </div>
            <p className="mt-3 text-xs text-slate-500">{user.lastAccess}</p>
            <Button
              variant="secondary"
              className="mt-4 w-full text-red-700"
              onClick={() => void logout()}
              disabled={pending}
              icon={<LogOut className="size-4" aria-hidden="true" />}
            >
              {pending ? 'Cerrando sesión...' : user.logoutLabel}
            </Button>
          </Collapsible.Content>
        ) : null}
      </header>
    </Collapsible.Root>
  );
}
