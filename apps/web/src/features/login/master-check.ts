/** True when the typed identifier is the master one (a hint for the screen: the server decides).
 * WebCrypto does the hashing where the page is a secure context (HTTPS, localhost); elsewhere the
 * JavaScript SHA-256 arrives in a chunk of its own, so the login page never ships it up front. */
export async function checkMasterIdentifier(typed: string, masterHash: string | undefined): Promise<boolean> {
  const identifier = typed.trim();
  if (!masterHash || identifier === '') return false;
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    const { isMasterIdentifier } = await import('./master-variant.ts');
    return isMasterIdentifier(identifier, masterHash);
  }
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(identifier)));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return hex === masterHash.toLowerCase();
}
