import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { cn, focusRing } from './cn.ts';

/** The business page of one registry number. */
export const businessPath = (registry: string): string => `/negocios/${encodeURIComponent(registry)}`;

interface BusinessLinkProps extends Omit<ComponentProps<typeof Link>, 'to' | 'children'> {
  registry: string;
  /** The registry number itself when left out. */
  children?: ReactNode;
}

/**
 * A registry number or business name that opens the business page. It keeps the colour of the
 * text around it (headings stay headings) and shows itself by an underline on hover and focus.
 */
export function BusinessLink({ registry, children, className, ...rest }: BusinessLinkProps) {
  return (
    <Link
      to={businessPath(registry)}
      className={cn(
        'rounded-sm underline-offset-2 hover:underline focus-visible:underline',
        focusRing,
        className,
      )}
      {...rest}
    >
      {children ?? registry}
    </Link>
  );
}
