// Security headers from helmet, and Cache-Control for API answers.
//
// CSP: the portal is a Vite build with one external module script and one stylesheet, so
// `script-src 'self'` holds with no inline script. `style-src` also needs 'unsafe-inline': sonner
// (toasts) and Radix's scroll lock (react-remove-scroll) insert <style> elements at run time, and
// the scroll lock's rules depend on the scrollbar width, so a hash cannot list them. Inline styles
// cannot run code; scripts stay strict. React's `style` props set CSSOM properties, which CSP does
// not govern. No `upgrade-insecure-requests`: intranet hosts serve the portal over plain HTTP.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  referrerPolicy: { policy: 'no-referrer' },
  frameguard: { action: 'deny' }, // as frame-ancestors 'none', for browsers without CSP 2
  // HSTS only for a request that reached the proxy over HTTPS (below): a plain-HTTP intranet
  // host must not be told to insist on HTTPS.
  strictTransportSecurity: false,
};

/**
 * The headers helmet writes for these options, by its own names. None depends on the request, so
 * they are worked out once (@fastify/helmet rebuilt helmet's middleware on every request).
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): [name: string, value: string][] {
  const response = new HeaderRecorder(new IncomingMessage(new Socket()));
  helmet(options)(response.req, response, () => {});
  return response.written;
}

class HeaderRecorder extends ServerResponse {
  readonly written: [string, string][] = [];
  override setHeader(name: string, value: number | string | readonly string[]) {
    this.written.push([name, String(value)]);
    return this;
  }
}

export function installSecurityHeaders(app: FastifyInstance, options: { trustProxy: boolean }) {
  const headers = helmetHeaders();
  // On the raw response, as helmet did: every answer carries them, a 404 or a framework error too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // Static assets and index.html set their own caching; everything else is an API answer.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (options.trustProxy && request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
}
