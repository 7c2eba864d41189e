import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { businessPath } from '../../../ui/business-link.tsx';
import { cn, focusRing } from '../../../ui/cn.ts';
import type { BusinessSection } from './business-sections.ts';

/** The sections as links (each has its own URL): the current one is marked with aria-current. */
export function SectionNav({ registry, sections }: { registry: string; sections: BusinessSection[] }) {
  const base = businessPath(registry);
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the strip scrolls: the current section is brought into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is what changes the current section
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (current && list.current) list.current.scrollLeft = current.offsetLeft - 16;
  }, [pathname]);
  return (
    <nav aria-label="Secciones del negocio" className="border-b border-slate-200">
      <ul ref={list} className="relative -mb-px flex gap-4 overflow-x-auto">
        {sections.map((section) => (
          <li key={section.path} className="shrink-0">
            <NavLink
              to={section.path ? `${base}/${section.path}` : base}
              end
              replace
              className={({ isActive }) =>
                cn(
                  'inline-flex items-center whitespace-nowrap rounded-t-md border-b-2 px-2 py-2.5 text-sm font-medium',
                  isActive
                    ? 'border-blue-600 text-blue-700'
                    : 'border-transparent text-slate-600 hover:text-slate-900',
                  focusRing,
                )
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
