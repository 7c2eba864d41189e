// The server's Content-Security-Policy has no 'unsafe-eval'. Zod compiles fast object
// parsers with `new Function` when it may; jitless skips that, and also skips its probe, which a
// strict CSP reports as a violation even though zod catches the error.
// Only zod's config module is imported here, so the entry (and the login page) carries no zod:
// the schemas arrive with the screens that use them, after this has run.
import { config } from 'zod/v4/core';

config({ jitless: true });
