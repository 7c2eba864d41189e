// Mounted by the signed-in shell: the document-wide shortcuts, and the palette and help dialogs,
// whose chunk loads on first use so no signed-in route pays for cmdk up front.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useShortcut } from '../../lib/use-shortcut.ts';
import { DIRECTORY_PATH, DIRECTORY_SEARCH_ATTRIBUTE } from './keyboard-shortcuts.ts';

const load = () => import('./palette-dialogs.ts');
const CommandPalette = lazy(() => load().then((m) => ({ default: m.CommandPalette })));
const ShortcutsHelp = lazy(() => load().then((m) => ({ default: m.ShortcutsHelp })));

type Open = 'palette' | 'help' | null;

const directorySearch = () => document.querySelector<HTMLInputElement>(`[${DIRECTORY_SEARCH_ATTRIBUTE}]`);

/** Focuses the directory's search box, once the screen that has it is there (a few seconds at most). */
function focusDirectorySearch(deadline = Date.now() + 5000) {
  const box = directorySearch();
  if (box) box.focus();
  else if (Date.now() < deadline) requestAnimationFrame(() => focusDirectorySearch(deadline));
}

export function KeyboardHost() {
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  // Mounted from the first use on, so the dialogs can animate closed and return the focus.
  const [used, setUsed] = useState({ palette: false, help: false });

  // Radix gives the focus back to a dialog's trigger; these open from a key, so the host does it.
  const returnFocus = useRef<HTMLElement | null>(null);
  const show = (which: 'palette' | 'help') => {
    if (open === null) returnFocus.current = document.activeElement as HTMLElement | null;
    setUsed((state) => ({ ...state, [which]: true }));
    setOpen(which);
  };
  useEffect(() => {
    if (open !== null) return;
    const timer = setTimeout(() => {
      const target = returnFocus.current;
      returnFocus.current = null;
      // Not after a jump to another screen: the element is gone, or the new screen placed the focus.
      if (target?.isConnected && (document.activeElement === document.body || !document.activeElement))
        target.focus();
    });
    return () => clearTimeout(timer);
  }, [open]);

  useShortcut('mod+k', () => show('palette'), { whileTyping: true });
  useShortcut('?', () => show('help'), { enabled: open === null });
  useShortcut(
    '/',
    () => {
      if (!directorySearch()) navigate(DIRECTORY_PATH);
      focusDirectorySearch();
    },
    { enabled: open === null },
  );

  const change = (which: 'palette' | 'help') => (next: boolean) =>
    setOpen((current) => (next ? which : current === which ? null : current));

  return (
    <Suspense fallback={null}>
      {used.palette ? (
        <CommandPalette
          open={open === 'palette'}
          onOpenChange={change('palette')}
          onShowShortcuts={() => show('help')}
        />
      ) : null}
      {used.help ? <ShortcutsHelp open={open === 'help'} onOpenChange={change('help')} /> : null}
    </Suspense>
  );
}
