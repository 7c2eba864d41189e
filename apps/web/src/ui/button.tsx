import type { ComponentProps, ReactNode } from 'react';
import { cn, focusRing } from './cn.ts';
import { Spinner } from './spinner.tsx';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'master';
type Size = 'sm' | 'md' | 'lg';

const variants: Record<Variant, string> = {
  primary: 'bg-blue-600 text-white hover:bg-blue-700 shadow-sm',
  secondary: 'bg-white text-slate-700 border border-slate-300 hover:bg-slate-50 shadow-sm',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-600 text-white hover:bg-red-700 shadow-sm',
  master: 'bg-red-700 text-white hover:bg-red-800 shadow-sm focus-visible:outline-red-700',
};

const sizes: Record<Size, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-11 px-5 text-base gap-2',
};

// ComponentProps, not ButtonHTMLAttributes: a `ref` reaches the <button> with the other props.
export interface ButtonProps extends ComponentProps<'button'> {
  variant?: Variant;
  size?: Size;
  /**
   * Busy: aria-disabled, not disabled, so the button pressed keeps the keyboard focus (Chromium drops
   * it from a disabled one) while its clicks do nothing. `disabled` stays native (out of the Tab
   * order) except on the busy button itself: a row that turns all its actions off while one of them
   * runs keeps the focus on the one pressed.
   */
  loading?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled && !loading}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      // preventDefault: a submit button's click would send its form again.
      onClick={loading ? (event) => event.preventDefault() : onClick}
      className={cn(
        'inline-flex items-center justify-center rounded-md font-medium transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
        focusRing,
        variants[variant],
        sizes[size],
        className,
      )}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {children}
    </button>
  );
}
