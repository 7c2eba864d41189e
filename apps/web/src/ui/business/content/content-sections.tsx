import { Briefcase, CalendarDays, Package, Users } from 'lucide-react';
import { Accordion } from 'radix-ui';
import type { ReactNode } from 'react';
import type { BusinessEvent, ContentList, Employee, Product, Service } from '../../../api/content-api.ts';
import { ContentSection } from './content-section.tsx';
import { EmployeesTable } from './employees-table.tsx';
import { EventsTable } from './events-table.tsx';
import { ProductsTable } from './products-table.tsx';
import { ServicesTable } from './services-table.tsx';

interface ContentSectionsProps {
  headingLevel: 2 | 3;
  products?: ContentList<'products', Product>;
  services?: ContentList<'services', Service>;
  employees?: ContentList<'employees', Employee>;
  events?: ContentList<'events', BusinessEvent>;
}

type Counted = { total_count: number };

const ALL_OPEN = ['productos', 'servicios', 'empleados', 'eventos'];

/** Productos, Servicios, Empleados and Eventos, each collapsible with its count (SPEC §2). All start open:
 * a lookup is made to see them. */
export function ContentSections({
  headingLevel,
  products,
  services,
  employees,
  events,
}: ContentSectionsProps) {
  /** One collapsible section: 'Productos' is opened by 'productos' and says 'No hay productos registrados'. */
  const section = (
    title: string,
    icon: ReactNode,
    list: Counted | undefined,
    items: unknown[],
    table: ReactNode,
  ) => {
    const plural = title.toLowerCase();
    return (
      <ContentSection
        value={plural}
        title={title}
        icon={icon}
        headingLevel={headingLevel}
        total={list?.total_count ?? 0}
        shown={items.length}
        emptyMessage={`No hay ${plural} registrados`}
      >
        {table}
      </ContentSection>
    );
  };
  const productItems = products?.products ?? [];
  const serviceItems = services?.services ?? [];
  const workers = employees?.employees ?? [];
  const eventItems = events?.events ?? [];
  return (
    <Accordion.Root type="multiple" defaultValue={ALL_OPEN} className="space-y-4">
      {section('Productos', <Package />, products, productItems, <ProductsTable products={productItems} />)}
      {section('Servicios', <Briefcase />, services, serviceItems, <ServicesTable services={serviceItems} />)}
      {section('Empleados', <Users />, employees, workers, <EmployeesTable employees={workers} />)}
      {section('Eventos', <CalendarDays />, events, eventItems, <EventsTable events={eventItems} />)}
    </Accordion.Root>
  );
}
