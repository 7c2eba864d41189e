import type { ReactNode } from 'react';

interface FormSectionProps {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}

/** One white card of the form: a heading, a line of description, and its fields in two columns from md. */
export function FormSection({ id, title, description, children }: FormSectionProps) {
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-4 grid gap-4 md:grid-cols-2 md:gap-x-6">{children}</div>
    </section>
  );
}
