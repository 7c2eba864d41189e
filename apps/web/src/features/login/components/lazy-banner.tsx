import { type ComponentProps, lazy, Suspense } from 'react';

// A banner only shows after a failed attempt or an expired session: not part of the first download.
const Banner = lazy(() => import('../../../ui/banner.tsx').then((m) => ({ default: m.Banner })));

export function LazyBanner(props: ComponentProps<typeof Banner>) {
  return (
    <Suspense fallback={null}>
      <Banner {...props} />
    </Suspense>
  );
}

// A failed sign-in's banner, with the texts for every answer (login-messages.ts).
const FailureBanner = lazy(() => import('./login-failure-banner.tsx'));

export function LazyLoginFailureBanner(props: ComponentProps<typeof FailureBanner>) {
  return (
    <Suspense fallback={null}>
      <FailureBanner {...props} />
    </Suspense>
  );
}
