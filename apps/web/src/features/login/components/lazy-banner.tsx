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
