import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** True when the typed identifier is the master one. Only a hint for the screen: the server decides. */
export function isMasterIdentifier(typed: string, masterHash: string | undefined): boolean {
  const identifier = typed.trim();
  if (!masterHash || identifier === '') return false;
  return bytesToHex(sha256(utf8ToBytes(identifier))) === masterHash.toLowerCase();
}
