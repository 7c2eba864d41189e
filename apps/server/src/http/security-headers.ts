// Security headers (issue #14) with @fastify/helmet, and Cache-Control for API answers.
//
// CSP: the portal is a Vite build with one external module script and one stylesheet, so
// `script-src 'self'` holds with no inline script. `style-src` also needs 'unsafe-inline': sonner
// (toasts) and Radix's scroll lock (react-remove-scroll) insert <style> elements at run time, and
// the scroll lock's rules depend on the scrollbar width, so a hash cannot list them. Inline styles
// cannot run code; scripts stay strict. React's `style` props set CSSOM properties, which CSP does
// not govern. No `upgrade-insecure-requests`: intranet hosts serve the portal over plain HTTP.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export async function installSecurityHeaders(app: FastifyInstance, options: { trustProxy: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' }, // as frame-ancestors 'none', for browsers without CSP 2
    // HSTS only for a request that reached the proxy over HTTPS (below): a plain-HTTP intranet
    // host must not be told to insist on HTTPS.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Static assets and index.html set their own caching; everything else is an API answer.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (options.trustProxy && request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
}
