import { MSG_CORE as MSG } from '@portal/contract/messages-core';
import { type ComponentProps, lazy, Suspense } from 'react';
import { Banner } from '../../../ui/banner.tsx';
import { LoadErrorBoundary } from '../../../ui/load-error-boundary.tsx';

// A failed sign-in's banner, with the texts for every answer (login-messages.ts).
const FailureBanner = lazy(() => import('./login-failure-banner.tsx'));

/** Its code arrives after the failure: if even that cannot be downloaded, the failure is the connection. */
export function LazyLoginFailureBanner(props: ComponentProps<typeof FailureBanner>) {
  return (
    <LoadErrorBoundary fallback={<Banner tone="error">{MSG.loginConnectionError}</Banner>}>
      <Suspense fallback={null}>
        <FailureBanner {...props} />
      </Suspense>
    </LoadErrorBoundary>
  );
}
