// Where the login screen sends a person once signed in: the page they asked for while signed out,
// or were on when their session ended, kept in the login URL (`/?volver=/negocios/REG000191/historial`).
// Only a path of this portal is followed: never another site ('//evil.example', 'https:',
// a backslash that a browser reads as a slash), so the login page is no open redirect.

export const RETURN_PARAM = 'volver';
export const HOME_PATH = '/admin-dashboard';

const BASE = 'http://portal.invalid';
const MAX_LENGTH = 2000;
// Control characters and backslashes: browsers drop or rewrite them, so '/\evil' could leave the site.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it refuses
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/** The path if it is a page of this portal (not the login page itself), else null. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_LENGTH || !raw.startsWith('/') || raw.startsWith('//')) return null;
  if (UNSAFE.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname === '/') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go after signing in, read from the login page's query. */
export function returnPathFrom(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? HOME_PATH;
}

/** The login page, remembering `path` (the dashboard itself is not worth remembering). */
export function loginPathFor(path: string): string {
  const safe = safeReturnPath(path);
  return safe && safe !== HOME_PATH ? `/?${new URLSearchParams({ [RETURN_PARAM]: safe })}` : '/';
}
