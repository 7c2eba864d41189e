// The subscription screen's badges (SPEC §3, §4): the words come from the contract, which the
// change history's file uses too; the colours are the portal's.
import { billingStatusLabel, subscriptionStatusLabel } from '@portal/contract/subscription-labels';
import type { BadgeTone } from '../../status-badge.tsx';
import { toneForStatus } from '../../status-badge.tsx';

/** A dispute's colours: open amber (being decided), won green, lost red (the money is gone). */
const DISPUTE_TONES: Record<string, BadgeTone> = {
  disputed: 'amber',
  dispute_won: 'green',
  dispute_lost: 'red',
};

export interface StatusLabel {
  label: string;
  /** DESIGN §9 colours: active/succeeded green, canceled/ended red, past_due/incomplete amber, others slate. */
  tone: BadgeTone;
}

export const subscriptionStatus = (status: string | null | undefined): StatusLabel => ({
  label: subscriptionStatusLabel(status),
  tone: toneForStatus(status),
});

export const billingStatus = (status: string | null | undefined): StatusLabel => ({
  label: billingStatusLabel(status),
  tone: DISPUTE_TONES[status?.toLowerCase() ?? ''] ?? toneForStatus(status),
});
