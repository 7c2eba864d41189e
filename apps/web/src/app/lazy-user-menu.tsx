// The header's user menu behind a look-alike trigger until its chunk arrives (user-menu.tsx says
// why it is a chunk of its own). Radix's trigger opens on the press (pointerdown) or the key
// (Enter, Space, ArrowDown), not on a click; the stand-in keeps any of them, or a click, and the
// menu opens with it when it arrives. So a press on the stand-in whose click lands on the menu's own
// trigger (the chunk arrived in between) is not lost: that trigger does nothing on a click.
import { lazy, Suspense, useState } from 'react';
import type { UserMenuProps } from './user-menu.tsx';

const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

type StandInState = Pick<UserMenuProps, 'defaultOpen' | 'focusOnMount'>;

export function LazyUserMenu(props: Omit<UserMenuProps, keyof StandInState>) {
  const [standIn, setStandIn] = useState<StandInState>({ defaultOpen: false, focusOnMount: false });
  const open = () => setStandIn((state) => (state.defaultOpen ? state : { ...state, defaultOpen: true }));
  const fallback = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={props.triggerClassName}
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) open();
      }}
      onKeyDown={(event) => {
        if (OPENING_KEYS.has(event.key)) open();
      }}
      onClick={open}
      onFocus={() => setStandIn((state) => ({ ...state, focusOnMount: true }))}
      onBlur={() => setStandIn((state) => ({ ...state, focusOnMount: false }))}
    >
      {props.trigger}
    </button>
  );
  return (
    <Suspense fallback={fallback}>
      <UserMenu {...props} {...standIn} />
    </Suspense>
  );
}
