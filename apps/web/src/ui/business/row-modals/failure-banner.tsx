import { type ReactNode, useEffect, useRef } from 'react';
import { Banner } from '../../banner.tsx';

/** Why the modal's action failed, at the end of its body next to the buttons. Brought into view when
 * it appears (a retry unmounts it while pending): a phone or a long form shows only part of the body. */
export function FailureBanner({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div ref={box}>
      <Banner tone="error">{children}</Banner>
    </div>
  );
}
