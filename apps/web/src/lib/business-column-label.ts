// The one table of business field names lives in the contract: the server's CSVs use it too.
export { BUSINESS_LOG_COLUMNS, businessColumnLabel } from '@portal/contract/business-columns';
