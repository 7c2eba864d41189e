// What a person reads for a message the server or a contract schema writes in English.
// The Spanish table (@portal/contract/messages-es) loads behind sign-in and registers itself here
// (lib/spanish-messages.ts, from app/staff-providers.tsx); the login page keeps its own texts, so
// until then messages are shown as they are. Kept this small: the login page downloads it.
export interface MessageTranslator {
  /** A text of the portal or its forms: the Spanish of a known message, otherwise the text itself. */
  text(text: string): string;
  /** A failed answer's message: its Spanish, or a generic text with the request id. */
  serverError(message: string, status: number, requestId?: string): string;
}

let translator: MessageTranslator | null = null;

export function setMessageTranslator(next: MessageTranslator | null): void {
  translator = next;
}

/** A text of the portal or of its forms, in Spanish (the portal's own texts are Spanish already). */
export function displayMessage(text: string): string;
export function displayMessage(text: string | null | undefined): string | null | undefined;
export function displayMessage(text: string | null | undefined): string | null | undefined {
  return text && translator ? translator.text(text) : text;
}

/** The text a person reads for a failed answer. */
export function serverErrorText(message: string, status: number, requestId?: string): string {
  return translator ? translator.serverError(message, status, requestId) : message;
}
