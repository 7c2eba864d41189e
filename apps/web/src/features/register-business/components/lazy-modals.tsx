// The confirmation and success dialogs are needed only after 'Registrar Negocio' is pressed: their code
// (and Radix Dialog's under it) arrives then, so the tab's first download does without it (size
// limit, DESIGN). Once a dialog has been opened it stays mounted, so from then on it opens and closes
// as it did when it was loaded with the tab.
import { type ComponentType, lazy, Suspense, useState } from 'react';

/** `Modal`, mounted from the first time `isOpen(props)` is true on. */
function mountedOnceOpen<P extends object>(Modal: ComponentType<P>, isOpen: (props: P) => boolean) {
  return function LazyModal(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    return opened || open ? (
      <Suspense fallback={null}>
        <Modal {...props} />
      </Suspense>
    ) : null;
  };
}

export const ConfirmRegistrationModal = mountedOnceOpen(
  lazy(() =>
    import('./confirm-registration-modal.tsx').then((m) => ({ default: m.ConfirmRegistrationModal })),
  ),
  (props) => props.values !== null,
);

export const RegistrationSuccessModal = mountedOnceOpen(
  lazy(() =>
    import('./registration-success-modal.tsx').then((m) => ({ default: m.RegistrationSuccessModal })),
  ),
  (props) => props.result !== null,
);
