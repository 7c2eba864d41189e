// The confirmation and success dialogs are needed only after 'Registrar Negocio' is pressed: their code
// (and Radix Dialog's under it) arrives then, so the tab's first download does without it (size
// limit, DESIGN). Once a dialog has been opened it stays mounted, so from then on it opens and closes
// as it did when it was loaded with the tab.
import { type ComponentType, Suspense, use, useState } from 'react';

/**
 * The component `load` brings, mounted from the first time `isOpen(props)` is true on. `preload`
 * fetches its code ahead; once fetched, the dialog opens in the very render that asks for it.
 */
function mountedOnceOpen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  function Loaded(props: P) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  function LazyModal(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    return opened || open ? (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    ) : null;
  }
  return Object.assign(LazyModal, { preload });
}

export const ConfirmRegistrationModal = mountedOnceOpen(
  () => import('./confirm-registration-modal.tsx').then((m) => m.ConfirmRegistrationModal),
  (props) => props.values !== null,
);

export const RegistrationSuccessModal = mountedOnceOpen(
  () => import('./registration-success-modal.tsx').then((m) => m.RegistrationSuccessModal),
  (props) => props.result !== null,
);
