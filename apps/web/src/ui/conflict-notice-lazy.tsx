// The conflict view's code arrives only when a conflict happens: the screens that can have one
// (admin approval is near its size limit) do not carry it in their first load.
import { lazy, Suspense } from 'react';
import type { ConflictNoticeProps } from './conflict-notice.tsx';
import { Spinner } from './spinner.tsx';

const Notice = lazy(() => import('./conflict-notice.tsx').then((m) => ({ default: m.ConflictNotice })));

export function LazyConflictNotice(props: ConflictNoticeProps) {
  return (
    <Suspense fallback={<Spinner label="Cargando..." />}>
      <Notice {...props} />
    </Suspense>
  );
}
