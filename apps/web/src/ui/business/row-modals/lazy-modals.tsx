// The row actions' modals arrive when one is first wanted: they bring react-hook-form, the
// contract's zod schemas and Radix Dialog, which the directory's first render does without.
import { lazy, type ReactNode, Suspense } from 'react';
import { LoadErrorBoundary, LoadFailure } from '../../load-error-boundary.tsx';
import { Spinner } from '../../spinner.tsx';

const modules = {
  history: () => import('../history/history-modal.tsx'),
  verification: () => import('./verification-modal.tsx'),
  email: () => import('./email-change-modal.tsx'),
  delete: () => import('./delete-business-modal.tsx'),
  edit: () => import('./edit-business-modal.tsx'),
};

export const HistoryModal = lazy(() => modules.history().then((m) => ({ default: m.HistoryModal })));
export const VerificationModal = lazy(() =>
  modules.verification().then((m) => ({ default: m.VerificationModal })),
);
export const EmailChangeModal = lazy(() => modules.email().then((m) => ({ default: m.EmailChangeModal })));
export const DeleteBusinessModal = lazy(() =>
  modules.delete().then((m) => ({ default: m.DeleteBusinessModal })),
);

export const EditBusinessModal = lazy(() => modules.edit().then((m) => ({ default: m.EditBusinessModal })));

let loading: Promise<unknown> | undefined;

/** Starts loading every modal when a pointer or focus reaches the row actions, so a click rarely waits. */
export function preloadModals(): Promise<unknown> {
  loading ??= Promise.all(Object.values(modules).map((load) => load())).catch(() => {
    loading = undefined; // a failed load is tried again next time
  });
  return loading;
}

const OVERLAY = 'fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50 p-4';

/** While a modal's code arrives: the dialog's backdrop with a spinner; if it cannot arrive, why. */
export function ModalSuspense({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  return (
    <LoadErrorBoundary
      fallback={
        <div className={OVERLAY}>
          <div className="w-full max-w-md rounded-xl bg-white p-4 shadow-xl">
            <LoadFailure onClose={onClose} />
          </div>
        </div>
      }
    >
      <Suspense
        fallback={
          <div className={OVERLAY}>
            <span className="rounded-xl bg-white px-5 py-4 text-blue-600 shadow-xl">
              <Spinner label="Cargando..." />
            </span>
          </div>
        }
      >
        {children}
      </Suspense>
    </LoadErrorBoundary>
  );
}
