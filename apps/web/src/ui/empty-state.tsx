import { Inbox, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** Its title's heading level: one below the section it stands in (2: straight under the page's). */
  headingLevel?: 2 | 3 | 4;
}

export function EmptyState({
  title,
  description,
  icon,
  action,
  className,
  headingLevel = 2,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500"
      >
        {icon ?? <Inbox className="size-6" />}
      </span>
      <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
      {description ? <p className="max-w-md text-sm text-slate-600">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

interface NoMatchesProps {
  title: string;
  description: string;
  /** The button's text, e.g. 'Limpiar filtros'. */
  clearLabel: string;
  onClear: () => void;
}

/** A search or filters that matched nothing, with the button that clears them. */
export function NoMatches({ title, description, clearLabel, onClear }: NoMatchesProps) {
  return (
    <EmptyState
      icon={<SearchX className="size-6" />}
      title={title}
      description={description}
      action={
        <Button variant="secondary" onClick={onClear}>
          {clearLabel}
        </Button>
      }
    />
  );
}
