// The server's Content-Security-Policy has no 'unsafe-eval' (issue #14). Zod compiles fast object
// parsers with `new Function` when it may; jitless skips that, and also skips its probe, which a
// strict CSP reports as a violation even though zod catches the error.
import { z } from 'zod';

z.config({ jitless: true });
