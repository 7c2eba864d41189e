// Per-export lookup tables for the CSV writers: an export's rows share a handful of user agents,
// so each one's 'Chrome en Windows' is worked out once, not once a row.
import { userAgentLabel } from '@portal/contract/user-agent';

/** A function from a user agent to its browser label ('' for none), remembering each answer. */
export function browserLabels(): (userAgent: string | null) => string {
  const known = new Map<string, string>();
  return (userAgent) => {
    if (!userAgent) return '';
    let label = known.get(userAgent);
    if (label === undefined) {
      label = userAgentLabel(userAgent);
      known.set(userAgent, label);
    }
    return label;
  };
}
