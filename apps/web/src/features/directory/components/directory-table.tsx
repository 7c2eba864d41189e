import { formatPhone } from '@portal/contract/phone';
import { memo, useRef } from 'react';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { KEYBOARD_ROW, useRowKeys } from '../../../lib/use-row-keys.ts';
import { EmailText } from '../../../ui/business/email-text.tsx';
import { VerificationBadge } from '../../../ui/business/verification-badge.tsx';
import { BusinessLink } from '../../../ui/business-link.tsx';
import { SortableHeaderCell } from '../../../ui/sortable-header-cell.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../ui/table.tsx';
import type { DirectorySortBy, DirectorySortField, DirectorySortOrder } from '../directory-view.ts';
import {
  type SelectionProps,
  SelectPageHeader,
  SelectRowCell,
  useSelectFocusedRow,
} from './bulk-select-cells.tsx';
import { BusinessActions } from './business-actions.tsx';
import { useBusinessRowOpener } from './business-row-opener.ts';
import type { OpenRowAction } from './row-modals.tsx';

export interface DirectoryRowsProps extends SelectionProps {
  businesses: BusinessRow[];
  onOpenAction: OpenRowAction;
}

/** The list's order, and sorting by a column's field (its header's button). */
export interface HeaderSort {
  sortBy: DirectorySortBy;
  sortOrder: DirectorySortOrder;
  onSort: (field: DirectorySortField) => void;
}

/** The results from 768 px up (DESIGN §9). */
export const DirectoryTable = memo(function DirectoryTable({
  businesses,
  onOpenAction,
  selection,
  sort,
}: DirectoryRowsProps & { sort: HeaderSort }) {
  const opener = useBusinessRowOpener();
  // j/k and ↑/↓ move between the rows.
  const rows = useRef<HTMLTableSectionElement>(null);
  useRowKeys(rows);
  useSelectFocusedRow(rows, businesses, selection);
  return (
    <Table aria-label="Negocios">
      <TableHead>
        <tr>
          {selection ? <SelectPageHeader selection={selection} rows={businesses} idPrefix="fila" /> : null}
          <SortableHeaderCell
            sorted={sort.sortBy === 'name' ? sort.sortOrder : null}
            onSort={() => sort.onSort('name')}
          >
            Nombre
          </SortableHeaderCell>
          <TableHeaderCell>Propietario</TableHeaderCell>
          <TableHeaderCell>Email</TableHeaderCell>
          <TableHeaderCell>Teléfono</TableHeaderCell>
          <SortableHeaderCell
            sorted={sort.sortBy === 'verification' ? sort.sortOrder : null}
            onSort={() => sort.onSort('verification')}
          >
            Estado
          </SortableHeaderCell>
          <TableHeaderCell className="text-right">Acciones</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody ref={rows}>
        {businesses.map((business, index) => (
          <TableRow
            key={business.id}
            tabIndex={0}
            {...{ [KEYBOARD_ROW]: '' }}
            onClick={(event) => opener.onClick(business.business_registry_number, event)}
            onKeyDown={(event) => opener.onKeyDown(business.business_registry_number, event)}
            // The portal's focus ring, drawn inside the row so the table's scroller does not clip it.
            className="group cursor-pointer focus-visible:bg-blue-50/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
          >
            {selection ? (
              <SelectRowCell selection={selection} rows={businesses} index={index} idPrefix="fila" />
            ) : null}
            <TableCell className="max-w-64">
              <p className="font-medium break-words text-slate-900">
                <BusinessLink registry={business.business_registry_number} className="group-hover:underline">
                  {business.business_name}
                </BusinessLink>
              </p>
              <p className="font-mono text-xs text-slate-500">
                <BusinessLink registry={business.business_registry_number} tabIndex={-1} />
              </p>
            </TableCell>
            <TableCell className="max-w-48 break-words">{business.business_owner}</TableCell>
            <TableCell className="max-w-64">
              <EmailText email={business.business_email} />
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatPhone(business.business_phone)}</TableCell>
            <TableCell>
              <VerificationBadge business={business} />
            </TableCell>
            <TableCell className="text-right">
              <BusinessActions business={business} layout="row" onOpen={onOpenAction} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
});
