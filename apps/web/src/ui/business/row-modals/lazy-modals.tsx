// The row actions' modals arrive when one is first wanted: they bring react-hook-form, the
// contract's zod schemas and Radix Dialog, which the directory's first render does without (issue #15).
import { lazy, type ReactNode, Suspense } from 'react';
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

/** While a modal's code arrives: the dialog's backdrop with a spinner. */
export function ModalSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50">
          <span className="rounded-xl bg-white px-5 py-4 text-blue-600 shadow-xl">
            <Spinner label="Cargando..." />
          </span>
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
