// Placeholder: the row actions (history, verification, email, delete) and their modals.
import type { BusinessRow } from '../../../api/business-data-api.ts';

export interface BusinessActionsProps {
  business: BusinessRow;
  /** After a change saved in a modal (verification flags, new email), with the updated fields. */
  onBusinessChange: (changes: Partial<BusinessRow>) => void;
  /** After the business was deleted (the modal's success message has been shown). */
  onBusinessDeleted: () => void;
  /** 'row' in the desktop table, 'card' in the phone cards. */
  layout?: 'row' | 'card';
}

export function BusinessActions(_props: BusinessActionsProps) {
  return null;
}
