// The command palette (Ctrl+K / ⌘K): one combobox over the server's directory search and the
// screens this person may open. cmdk gives the combobox/listbox roles and the arrow keys; the
// dialog is the portal's own Radix Dialog so it has a title and returns the focus on close.
import { LIMITS } from '@portal/contract/limits';
import { Command } from 'cmdk';
import { Building2, Keyboard, LayoutGrid, Search, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useBusinessSearch } from '../../lib/use-business-search.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { useSession } from '../../session/use-session.ts';
import { businessPath } from '../../ui/business-link.tsx';
import { BusinessOptionText } from '../../ui/business-option.tsx';
import { cn, focusRing } from '../../ui/cn.ts';
import { matchingScreens, type PaletteScreen, paletteScreens } from './palette-screens.ts';

const RESULTS = 8;
/** Tailwind's `sm`: below it the whole placeholder is cut off (390 px: '…teléfono o panta'). */
const SM_UP = '(width >= 40rem)';

interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShowShortcuts: () => void;
}

export function CommandPalette({ open, onOpenChange, onShowShortcuts }: CommandPaletteProps) {
  const { session } = useSession();
  const master = session?.loginType === 'master';
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const search = useBusinessSearch(query, RESULTS);
  const screens = matchingScreens(paletteScreens(session?.loginType), query);
  const wide = useMediaQuery(SM_UP) !== false;

  const close = () => {
    onOpenChange(false);
    setQuery('');
  };
  // After a jump the new page places the focus (a business's heading): the dialog gives none back.
  const leaving = useRef(false);
  const go = (path: string) => {
    leaving.current = true;
    close();
    navigate(path);
  };
  const openScreen = (screen: PaletteScreen) => {
    if (screen.path) go(screen.path);
    else {
      close();
      onShowShortcuts();
    }
  };

  const nothing = search.searched && search.businesses.length === 0 && screens.length === 0;
  const item = cn(
    'flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-700',
    master
      ? 'data-[selected=true]:bg-red-50 data-[selected=true]:text-red-800'
      : 'data-[selected=true]:bg-blue-50 data-[selected=true]:text-blue-800',
  );
  const heading =
    '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-slate-600 [&_[cmdk-group-heading]]:uppercase';

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setQuery('');
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (leaving.current) event.preventDefault();
            leaving.current = false;
          }}
          className="fixed top-[10dvh] left-1/2 z-50 flex max-h-[80dvh] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 flex-col overflow-hidden rounded-xl bg-white shadow-xl"
        >
          <Dialog.Title className="sr-only">Búsqueda rápida</Dialog.Title>
          <Command
            shouldFilter={false}
            loop
            label="Buscar negocios y pantallas"
            className="flex min-h-0 flex-col"
          >
            <div className="flex items-center gap-3 border-b border-slate-200 px-4">
              <Search className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
              <Command.Input
                value={query}
                onValueChange={setQuery}
                maxLength={LIMITS.text.name}
                placeholder={
                  wide ? 'Registro, nombre, email, teléfono o pantalla' : 'Busque un negocio o una pantalla'
                }
                className="h-14 min-w-0 flex-1 bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-500"
              />
              <kbd className="hidden rounded border border-slate-300 px-1.5 py-0.5 font-sans text-xs text-slate-600 sm:inline">
                Esc
              </kbd>
              {/* A phone has no Esc key and no footer hint: a close button a finger can tap. */}
              <Dialog.Close
                aria-label="Cerrar"
                // cmdk takes Enter anywhere inside it to open the selected result: here it closes.
                onKeyDown={(event) => {
                  if (event.key === 'Enter') event.stopPropagation();
                }}
                className={cn(
                  '-mr-2 flex size-11 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-700 sm:hidden',
                  focusRing,
                )}
              >
                <X className="size-5" aria-hidden="true" />
              </Dialog.Close>
            </div>
            <p role="status" className="px-4 empty:hidden pt-3 text-sm text-slate-600">
              {search.waiting ? 'Buscando...' : null}
              {search.failed ? (
                <span className="text-red-700">No se pudo buscar negocios. Inténtelo de nuevo.</span>
              ) : null}
              {nothing ? `Sin resultados para "${query.trim()}"` : null}
            </p>
            <Command.List label="Resultados" className={cn('min-h-0 overflow-y-auto px-2 pb-2', heading)}>
              {search.businesses.length > 0 ? (
                <Command.Group heading="Negocios">
                  {search.businesses.map((business) => (
                    <Command.Item
                      key={business.id}
                      value={`negocio-${business.business_registry_number}`}
                      onSelect={() => go(businessPath(business.business_registry_number))}
                      className={item}
                    >
                      <Building2 className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                      <BusinessOptionText business={business} />
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
              {screens.length > 0 ? (
                <Command.Group heading="Pantallas">
                  {screens.map((screen) => (
                    <Command.Item
                      key={screen.id}
                      value={`pantalla-${screen.id}`}
                      onSelect={() => openScreen(screen)}
                      className={item}
                    >
                      {screen.path ? (
                        <LayoutGrid className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                      ) : (
                        <Keyboard className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                      )}
                      <span>{screen.label}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
            </Command.List>
            <p className="hidden border-t border-slate-200 px-4 py-2 text-xs text-slate-600 sm:block">
              ↑ ↓ para moverse · Enter para abrir · Esc para cerrar
            </p>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
