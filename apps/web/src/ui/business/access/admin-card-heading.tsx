import type { AccessControl } from '@portal/contract/access';
import { adminCardTitle, type Viewer } from './access-rules.ts';

/** 'Admin #12 · Ana Rivera'; the viewer's own record reads 'Admin #12 (Mi acceso)'. */
export function AdminCardHeading({ record, viewer }: { record: AccessControl; viewer: Viewer }) {
  return (
    <h4 className="text-base font-semibold break-words text-slate-900">
      {adminCardTitle(record, viewer)}
      {record.admin_name ? <span className="font-normal text-slate-700"> · {record.admin_name}</span> : null}
    </h4>
  );
}
