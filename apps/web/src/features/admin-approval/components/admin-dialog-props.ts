import type { AdminAccount } from '@portal/contract/admin-registration';

/** What the approval screen gives each one-admin dialog (edit, reset password, delete). */
export interface AdminDialogProps {
  /** The admin acted on; null while the dialog is closed. */
  admin: AdminAccount | null;
  onClose: () => void;
  /** The action succeeded (with the admin as it is now). */
  onDone: (admin: AdminAccount) => void;
}
