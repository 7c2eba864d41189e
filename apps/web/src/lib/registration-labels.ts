// The registration record's words live in the contract: the server's history file uses them too.
export { deviceLabel, referralLabel } from '@portal/contract/registration-labels';
