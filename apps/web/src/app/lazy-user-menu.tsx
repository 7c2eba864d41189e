// The header's user menu behind a look-alike trigger until its chunk arrives (user-menu.tsx says
// why it is a chunk of its own). The menu opens on the press (pointerdown), as Radix's trigger
// does; the stand-in keeps a press or a click it got, and the menu opens with it. A press on the
// stand-in whose click lands on the menu's own trigger (the chunk arrived in between) is not lost:
// that trigger does nothing on a click.
import { lazy, Suspense, useState } from 'react';
import type { UserMenuProps } from './user-menu.tsx';

const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));

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
