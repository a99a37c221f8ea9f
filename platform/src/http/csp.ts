/**
 * The one Content-Security-Policy of Lectio's pages, served by Fastify (security.ts) and by nginx
 * (deploy/nginx.conf, checked equal by deploy/nginx-csp.test.ts). Stricter than helmet's default:
 * no plugins, no <base> hijacking, no framing of Lectio. Stripe's origins are the only outside ones:
 * Stripe.js and its card frames, on the pages that take a card when Stripe is configured.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com",
  'frame-src https://js.stripe.com https://hooks.stripe.com',
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** JSON is never a document: nothing may load, nothing may frame it (the OWASP REST set). */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
