// Money, as the contract writes it for the screens and the server's files alike.
export { formatCents, formatDollars } from '@portal/contract/money';
