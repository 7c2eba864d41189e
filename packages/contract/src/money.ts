// Money: subscription and billing amounts arrive in cents and are shown en-US (SPEC §9), on the
// screens and in the server's files.
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  const code = currency.toUpperCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    } catch {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    }
    formatters.set(code, formatter);
  }
  return formatter;
}

export function formatCents(cents: number | null | undefined, currency = 'USD'): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return 'N/A';
  return formatterFor(currency).format(cents / 100);
}

/** Prices stored in dollars: two decimals with a dollar sign. */
export function formatDollars(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return 'N/A';
  return formatterFor('USD').format(amount);
}
