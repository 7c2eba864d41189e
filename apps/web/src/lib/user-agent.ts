// The browser/OS label lives in the contract: the server's CSVs use it too.
export { userAgentLabel } from '@portal/contract/user-agent';
