// The history's labels live in the contract: the server's history CSV uses them too.
export { normalizeOperation, operationLabel } from '@portal/contract/change-log-labels';
