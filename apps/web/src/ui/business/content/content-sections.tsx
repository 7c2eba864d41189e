import { Briefcase, CalendarDays, Package, Users } from 'lucide-react';
import { Accordion } from 'radix-ui';
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
  const productItems = products?.products ?? [];
  const serviceItems = services?.services ?? [];
  const employeeItems = employees?.employees ?? [];
  const eventItems = events?.events ?? [];
  return (
    <Accordion.Root type="multiple" defaultValue={ALL_OPEN} className="space-y-4">
      <ContentSection
        value="productos"
        title="Productos"
        icon={<Package />}
        headingLevel={headingLevel}
        total={products?.total_count ?? 0}
        shown={productItems.length}
        emptyMessage="No hay productos registrados"
      >
        <ProductsTable products={productItems} />
      </ContentSection>
      <ContentSection
        value="servicios"
        title="Servicios"
        icon={<Briefcase />}
        headingLevel={headingLevel}
        total={services?.total_count ?? 0}
        shown={serviceItems.length}
        emptyMessage="No hay servicios registrados"
      >
        <ServicesTable services={serviceItems} />
      </ContentSection>
      <ContentSection
        value="empleados"
        title="Empleados"
        icon={<Users />}
        headingLevel={headingLevel}
        total={employees?.total_count ?? 0}
        shown={employeeItems.length}
        emptyMessage="No hay empleados registrados"
      >
        <EmployeesTable employees={employeeItems} />
      </ContentSection>
      <ContentSection
        value="eventos"
        title="Eventos"
        icon={<CalendarDays />}
        headingLevel={headingLevel}
        total={events?.total_count ?? 0}
        shown={eventItems.length}
        emptyMessage="No hay eventos registrados"
      >
        <EventsTable events={eventItems} />
      </ContentSection>
    </Accordion.Root>
  );
}
