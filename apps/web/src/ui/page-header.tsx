import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Heading level: 2 inside the dashboard (under 'Panel de Control'), 1 on a page of its own. */
  level?: 1 | 2;
}

/** The heading row of every screen (DESIGN §9): title, one line of description, actions on the right. */
export function PageHeader({ title, description, actions, level = 2 }: PageHeaderProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <Heading className="text-lg font-semibold tracking-tight text-slate-900">{title}</Heading>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
