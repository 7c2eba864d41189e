import { useRef } from 'react';
import { NavLink } from 'react-router';
import { businessPath } from '../../../ui/business-link.tsx';
import { cn, focusRing } from '../../../ui/cn.ts';
import { ScrollArrows } from '../../../ui/scroll-arrows.tsx';
import type { BusinessSection } from './business-sections.ts';

/**
 * The sections as links (each has its own URL): the current one is marked with aria-current. On a
 * phone the strip scrolls, with the dashboard tabs' arrows, and keeps the current section in view.
 */
export function SectionNav({ registry, sections }: { registry: string; sections: BusinessSection[] }) {
  const base = businessPath(registry);
  const list = useRef<HTMLUListElement>(null);
  return (
    <nav aria-label="Secciones del negocio" className="border-b border-slate-200">
      {/* The arrows' own bottom line sits on the nav's. */}
      <ScrollArrows listRef={list} selected='[aria-current="page"]' className="-mb-px">
        <ul
          ref={list}
          className="relative flex min-w-0 flex-1 gap-4 overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        >
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
      </ScrollArrows>
    </nav>
  );
}
