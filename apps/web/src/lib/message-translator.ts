// What a person reads for a message the server or a contract schema writes in English (issue #21).
// The Spanish table (@portal/contract/messages-es) loads behind sign-in and registers itself here
// (lib/spanish-messages.ts, from app/staff-providers.tsx); the login page keeps its own texts, so
// until then messages are shown as they are.
export interface MessageTranslator {
  /** The Spanish of a known message; undefined when the message is not known. */
  spanish(message: string): string | undefined;
  /** The generic text for an unknown server error, with the request id for support. */
  unexpected(requestId?: string | null): string;
  /** A known message of a server failure (5xx) with the request id for support. */
  withSupportCode(text: string, requestId?: string | null): string;
}

let translator: MessageTranslator | null = null;

export function setMessageTranslator(next: MessageTranslator | null): void {
  translator = next;
}

/** A text of the portal or of its forms: the Spanish of a known message, otherwise the text itself
 * (the portal's own texts are Spanish already). */
export function displayMessage(text: string): string;
export function displayMessage(text: string | null | undefined): string | null | undefined;
export function displayMessage(text: string | null | undefined): string | null | undefined {
  if (!text || !translator) return text;
  return translator.spanish(text) ?? text;
}

/** The text of a failed answer: its Spanish, or the generic text with the request id when the
 * message is not one the contract knows. */
export function serverErrorText(message: string, status: number, requestId?: string | null): string {
  if (!translator) return message;
  const spanish = translator.spanish(message);
  if (spanish === undefined) return translator.unexpected(requestId);
  return status >= 500 ? translator.withSupportCode(spanish, requestId) : spanish;
}
