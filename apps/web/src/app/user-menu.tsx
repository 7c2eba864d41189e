// The header's user menu on a wide screen. Its own chunk: Radix's menu brings a positioning engine
// (popper, floating-ui) that no signed-in page needs for its first paint;
// lazy-user-menu.tsx shows a look-alike trigger until it arrives.
import { KeyRound, LogOut, MonitorSmartphone, ShieldCheck } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';

export interface UserMenuProps {
  /** What the trigger shows (the same in the stand-in that precedes this menu). */
  trigger: ReactNode;
  triggerClassName: string;
  label: string;
  /** The admin's email, under their name (SPEC's header names the admin by email). */
  email?: string;
  role: string;
  lastAccess: string;
  logoutLabel: string;
  pending: boolean;
  onLogout: () => void;
  /** The stand-in was clicked before this arrived: open at once. */
  defaultOpen: boolean;
  /** The stand-in had the keyboard focus: keep it on the trigger. */
  focusOnMount: boolean;
}

export function UserMenu(props: UserMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the menu replaces its stand-in.
  useEffect(() => {
    if (props.focusOnMount) trigger.current?.focus();
  }, []);

  return (
    // Not modal: a modal menu marks the page aria-hidden while its controls stay focusable (axe aria-hidden-focus).
    <DropdownMenu.Root modal={false} defaultOpen={props.defaultOpen}>
      {/* Named by its visible text (WCAG 2.5.3, axe label-content-name-mismatch), then what it opens. */}
      <DropdownMenu.Trigger ref={trigger} className={props.triggerClassName}>
        {props.trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-64 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <div className="px-2.5 py-2">
            <p className="truncate text-sm font-medium text-slate-900">{props.label}</p>
            {props.email ? <p className="truncate text-xs text-slate-600">{props.email}</p> : null}
            <p className="text-xs text-slate-500">{props.role}</p>
            <p className="mt-1 text-xs text-slate-500">{props.lastAccess}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            asChild
            className="flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm font-medium text-slate-700 outline-none data-[highlighted]:bg-slate-100"
          >
            <Link to="/mis-sesiones">
              <MonitorSmartphone className="size-4" aria-hidden="true" />
              Mis sesiones
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            asChild
            className="flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm font-medium text-slate-700 outline-none data-[highlighted]:bg-slate-100"
          >
            <Link to="/seguridad">
              <ShieldCheck className="size-4" aria-hidden="true" />
              Seguridad
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            asChild
            className="flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm font-medium text-slate-700 outline-none data-[highlighted]:bg-slate-100"
          >
            <Link to="/seguridad#cambiar-contrasena">
              <KeyRound className="size-4" aria-hidden="true" />
              Cambiar contraseña
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            disabled={props.pending}
            onSelect={(event) => {
              // Keep the menu open so 'Cerrando sesión...' stays visible until the call ends.
              event.preventDefault();
              props.onLogout();
            }}
            className="flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm font-medium text-red-700 outline-none data-[disabled]:cursor-wait data-[disabled]:opacity-70 data-[highlighted]:bg-red-50"
          >
            <LogOut className="size-4" aria-hidden="true" />
            {props.pending ? 'Cerrando sesión...' : props.logoutLabel}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
