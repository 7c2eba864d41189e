import { ChevronDown, Inbox } from 'lucide-react';
import { Accordion } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn, focusRing } from '../../cn.ts';

const countFormat = new Intl.NumberFormat('es-PR');

interface ContentSectionProps {
  value: string;
  title: string;
  icon: ReactNode;
  headingLevel: 2 | 3;
  /** How many the business has (total_count) and how many arrived (at most the lookup limit). */
  total: number;
  shown: number;
  emptyMessage: string;
  children: ReactNode;
}

/** One collapsible card: a heading button with the count, then the list or its 'No hay ...' message. */
export function ContentSection({
  value,
  title,
  icon,
  headingLevel,
  total,
  shown,
  emptyMessage,
  children,
}: ContentSectionProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const count = Math.max(total, shown);
  return (
    <Accordion.Item value={value} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <Accordion.Header asChild>
        <Heading>
          <Accordion.Trigger
            className={cn(
              'group flex min-h-14 w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 sm:px-6',
              focusRing,
              'focus-visible:-outline-offset-2',
            )}
          >
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-blue-50 text-blue-600 [&>svg]:size-5"
            >
              {icon}
            </span>
            <span className="flex-1 text-base font-semibold text-slate-900">{title}</span>
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700 tabular-nums">
              {countFormat.format(count)}
            </span>
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
            />
          </Accordion.Trigger>
        </Heading>
      </Accordion.Header>
      <Accordion.Content className="border-t border-slate-200">
        {shown === 0 ? (
          <p className="flex items-center gap-2 px-4 py-6 text-sm text-slate-600 sm:px-6">
            <Inbox aria-hidden="true" className="size-4 text-slate-400" />
            {emptyMessage}
          </p>
        ) : (
          children
        )}
        {shown > 0 && shown < total ? (
          <p className="border-t border-slate-100 px-4 py-3 text-xs text-slate-500 sm:px-6">
            Mostrando los primeros {countFormat.format(shown)} de {countFormat.format(total)}.
          </p>
        ) : null}
      </Accordion.Content>
    </Accordion.Item>
  );
}
