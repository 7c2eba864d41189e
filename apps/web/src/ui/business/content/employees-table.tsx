import type { Employee } from '../../../api/content-api.ts';
import { formatCalendarDate } from '../../../lib/calendar-date.ts';
import { employeeTenure } from '../../../lib/tenure.ts';
import { type ResponsiveColumn, ResponsiveTable } from '../../responsive-table.tsx';
import { StatusBadge } from '../../status-badge.tsx';
import { employeeStatus } from './content-labels.ts';
import { ItemName, Status } from './item-cells.tsx';

const fullName = (employee: Employee) =>
  `${employee.employee_first_name} ${employee.employee_last_name}`.trim() || 'Sin nombre';

const columns: ResponsiveColumn<Employee>[] = [
  {
    id: 'name',
    header: 'Empleado',
    className: 'min-w-48',
    cell: (employee) => <ItemName name={fullName(employee)} id={employee.employee_id} />,
  },
  {
    id: 'status',
    header: 'Estado',
    cell: (employee) => <Status {...employeeStatus(employee.employee_status)} />,
  },
  {
    id: 'owner',
    header: 'Propietario',
    cell: (employee) =>
      employee.employee_is_owner ? <StatusBadge tone="blue">Sí</StatusBadge> : <span>No</span>,
  },
  {
    id: 'start',
    header: 'Fecha de inicio',
    className: 'whitespace-nowrap',
    cell: (employee) => formatCalendarDate(employee.employee_start_date),
  },
  {
    id: 'tenure',
    header: 'Antigüedad',
    cell: (employee) => employeeTenure(employee.employee_start_date, employee.employee_departure_date),
  },
];

export function EmployeesTable({ employees }: { employees: Employee[] }) {
  return (
    <ResponsiveTable label="Empleados" columns={columns} rows={employees} rowKey={(row) => row.employee_id} />
  );
}
