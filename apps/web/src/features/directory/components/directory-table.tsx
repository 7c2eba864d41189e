import { memo } from 'react';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { formatPhone } from '../../../lib/phone.ts';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../ui/table.tsx';
import { BusinessActions } from './business-actions.tsx';
import { EmailText } from './email-text.tsx';
import type { OpenRowAction } from './row-modals.tsx';
import { VerificationBadge } from './verification-badge.tsx';

export interface DirectoryRowsProps {
  businesses: BusinessRow[];
  onOpenAction: OpenRowAction;
}

/** The results from 768 px up (DESIGN §9). */
export const DirectoryTable = memo(function DirectoryTable({ businesses, onOpenAction }: DirectoryRowsProps) {
  return (
    <Table aria-label="Negocios">
      <TableHead>
        <tr>
          <TableHeaderCell>Nombre</TableHeaderCell>
          <TableHeaderCell>Propietario</TableHeaderCell>
          <TableHeaderCell>Email</TableHeaderCell>
          <TableHeaderCell>Teléfono</TableHeaderCell>
          <TableHeaderCell>Estado</TableHeaderCell>
          <TableHeaderCell className="text-right">Acciones</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {businesses.map((business) => (
          <TableRow key={business.id}>
            <TableCell className="max-w-64">
              <p className="font-medium break-words text-slate-900">{business.business_name}</p>
              <p className="font-mono text-xs text-slate-500">{business.business_registry_number}</p>
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
