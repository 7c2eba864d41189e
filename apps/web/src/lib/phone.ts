// Phone formatting lives in the contract: the server's history file formats phones too.
export { formatPhone, isCompletePhone, phoneDigits } from '@portal/contract/phone';
