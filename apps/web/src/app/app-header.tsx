import {
  Building2,
  ChevronDown,
  KeyRound,
  LogOut,
  Menu,
  MonitorSmartphone,
  ShieldCheck,
  UserRound,
  X,
} from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatEpochSeconds } from '../lib/format-date.ts';
import { MD_UP, useShownAtWidth } from '../lib/use-media-query.ts';
import { useSession } from '../session/use-session.ts';
import { Button } from '../ui/button.tsx';
import { cn, focusRing } from '../ui/cn.ts';
import { shownTabId, tabsFor } from './dashboard-tabs.tsx';
import { LazyUserMenu } from './lazy-user-menu.tsx';
import { signOut } from './session-sync.ts';

function useHeaderUser() {
  const { session } = useSession();
  const master = session?.loginType === 'master';
  const expiresAt = session?.user.expiresAt ?? null;
  return {
    master,
    label: master ? 'Usuario maestro' : session?.user.name || session?.user.email || 'Administrador',
    // Under the name in the menus; the label is already the email when the name is unknown.
    email: !master && session?.user.name ? session.user.email : undefined,
    role: master ? 'Administrador maestro' : 'Administrador',
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

/** The account's own pages, in the phone menu (the desktop one has them in the user menu). */
const ACCOUNT_LINKS = [
  { to: '/mis-sesiones', label: 'Mis sesiones', Icon: MonitorSmartphone },
  { to: '/seguridad', label: 'Seguridad', Icon: ShieldCheck },
  { to: '/seguridad#cambiar-contrasena', label: 'Cambiar contraseña', Icon: KeyRound },
];

/**
 * Closes the open phone menu as any disclosure menu closes: on Escape, the focus going back to its button,
 * or on a press anywhere but the menu and its button (the press still does what it does there). It
 * covers most of the screen: it must not stay open over the page the person turned back to.
 */
function useCloseOnEscapeOrOutside(
  open: boolean,
  setOpen: (open: boolean) => void,
  toggleRef: RefObject<HTMLButtonElement | null>,
  panelRef: RefObject<HTMLDivElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // A layer over the menu (a dialog) that closed on this Escape has marked it as used.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    // Captured: a part of the page that stops its presses from bubbling still closes the menu.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (panelRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [open, setOpen, toggleRef, panelRef]);
}

export function AppHeader() {
  const user = useHeaderUser();
  const { pending, logout } = useLogout();
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useCloseOnEscapeOrOutside(mobileOpen, setMobileOpen, toggleRef, panelRef);
  // Built from the width that shows it: on a phone its menu would only cost the first render.
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
              <LazyUserMenu
                trigger={
                  <>
                    <Avatar master={user.master} />
                    <span className="min-w-0">
                      <span className="block max-w-56 truncate text-sm font-medium text-slate-900">
                        {user.label}
                      </span>
                      <span className="block text-xs text-slate-600">{user.role}</span>
                      <span className="sr-only">, menú de usuario</span>
                    </span>
                    <ChevronDown className="size-4 text-slate-500" aria-hidden="true" />
                  </>
                }
                triggerClassName={cn(
                  'flex items-center gap-3 rounded-lg px-2 py-1.5 text-left hover:bg-slate-100',
                  focusRing,
                )}
                label={user.label}
                email={user.email}
                role={user.role}
                lastAccess={user.lastAccess}
                logoutLabel={user.logoutLabel}
                pending={pending}
                onLogout={() => void logout()}
              />
            </div>
          ) : null}

          <Collapsible.Trigger
            ref={toggleRef}
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
            first render; closed, it would render nothing anyway. */}
        {mobileOpen ? (
          <Collapsible.Content
            ref={panelRef}
            className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 px-4 py-4 md:hidden"
          >
            <MobileTabLinks onNavigate={() => setMobileOpen(false)} />
            <div className="mt-4 flex items-center gap-3 border-t border-slate-200 pt-4">
              <Avatar master={user.master} />
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{user.label}</p>
                {user.email ? <p className="truncate text-xs text-slate-600">{user.email}</p> : null}
                <p className="text-xs text-slate-500">{user.role}</p>
              </div>
            </div>
            <p className="mt-3 text-xs text-slate-500">{user.lastAccess}</p>
            {ACCOUNT_LINKS.map(({ to, label, Icon }, index) => (
              <Link
                key={to}
                to={to}
                onClick={() => setMobileOpen(false)}
                className={cn(
                  index === 0 ? 'mt-3' : 'mt-1',
                  'flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100',
                  focusRing,
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </Link>
            ))}
            <Button
              variant="secondary"
              className="mt-4 w-full text-red-700"
              onClick={() => void logout()}
              loading={pending}
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
