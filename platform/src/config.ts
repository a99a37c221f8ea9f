import { z } from 'zod';

/**
 * Configuration, parsed once from the environment. Unset engines mean the embedded defaults:
 * PGlite in DATA_DIR, the in-process bus, sandbox billing, the offline assistant, the mail outbox.
 */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) => {
          try {
            return protocols.includes(new URL(v).protocol);
          } catch {
            return false;
          }
        },
        `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
      )
      .optional(),
  );

export const ConfigSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  /** Unset: 127.0.0.1 outside production (a development server is not a door on the network), 0.0.0.0 in production. */
  HOST: z.preprocess(emptyToUndefined, z.string().optional()),
  /**
   * Host names answered besides the loopback names and PUBLIC_URL's host (comma-separated;
   * `.example.com` for a domain and its subdomains, `*` for any): other names get 421, against DNS rebinding.
   */
  ALLOWED_HOSTS: z.preprocess(emptyToUndefined, z.string().max(2000).optional()),
  /** Proxy hops in front of the service whose X-Forwarded-For is believed (rate limits key on the client IP). */
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(5).default(0)),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  EVENTSTOREDB_URL: optionalUrl(['esdb:', 'esdb+discover:', 'kurrentdb:']),
  NATS_URL: optionalUrl(['nats:', 'tls:']),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Lectio <no-reply@lectio.local>')),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  OPENAI_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  OPENAI_BASE_URL: optionalUrl(['http:', 'https:']),
  AI_MODEL: z.preprocess(emptyToUndefined, z.string().default('gpt-4o-mini')),
  /**
   * The longest one answer may take, retries included: then the reader gets the apology. A
   * reservation still open this long after it was made (its process died mid-answer) is released.
   */
  AI_ANSWER_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).max(600_000).default(120_000)),
  /**
   * How long a client may take to send a whole request, headers and body (then 408 and the
   * socket closes): a client that stalls cannot hold a connection. A minute sends the largest body
   * (an 8 MB notes import) at about 1 Mbit/s.
   */
  HTTP_REQUEST_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(500).max(600_000).default(60_000),
  ),
  /** Dollars per million prompt and completion tokens, for the budget (defaults: gpt-4o-mini's list prices). */
  AI_PRICE_INPUT_PER_MTOK: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(10_000).default(0.15)),
  AI_PRICE_OUTPUT_PER_MTOK: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(10_000).default(0.6)),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_PRICE_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Tests only: the Stripe SDK talks to this base (the fake Stripe server) instead of api.stripe.com; refused in production. */
  STRIPE_API_BASE: optionalUrl(['http:', 'https:']),
  /** Production without Stripe must say so: the sandbox sells Premium for test cards, so it is never a silent default there. */
  BILLING_SANDBOX: z.preprocess(emptyToUndefined, z.enum(['0', '1', 'true', 'false']).optional()),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});
export type Config = Omit<z.infer<typeof ConfigSchema>, 'HOST'> & { HOST: string };

export class ConfigError extends Error {}

/** Parse the environment; a bad value fails with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const config: Config = {
    ...parsed.data,
    HOST: parsed.data.HOST ?? (parsed.data.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
  };
  const missing: string[] = [];
  if (config.NODE_ENV === 'production' && !config.SESSION_SECRET)
    missing.push('SESSION_SECRET: required in production (at least 32 characters)');
  // Reset links must not be built from a request's Host header, which a client controls.
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL)
    missing.push('PUBLIC_URL: required in production (the address readers use, e.g. https://lectio.example)');
  if (config.NODE_ENV === 'production' && config.STRIPE_API_BASE)
    missing.push('STRIPE_API_BASE: for tests only; unset it in production (the SDK then talks to api.stripe.com)');
  const sandboxChosen = config.BILLING_SANDBOX === '1' || config.BILLING_SANDBOX === 'true';
  if (config.NODE_ENV === 'production' && !config.STRIPE_SECRET_KEY && !sandboxChosen)
    missing.push(
      'STRIPE_SECRET_KEY: required in production (or BILLING_SANDBOX=1 for a demonstration, where test cards unlock Premium and no money moves)',
    );
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_PRICE_ID)
    missing.push('STRIPE_PRICE_ID: required with STRIPE_SECRET_KEY (the $15/month price of the Premium product)');
  if (missing.length) throw new ConfigError(`Invalid configuration:\n  ${missing.join('\n  ')}`);
  return config;
}

export const isProduction = (config: Config) => config.NODE_ENV === 'production';

/**
 * The billing provider this deployment runs on, decided here only: Stripe when STRIPE_SECRET_KEY
 * is set (loadConfig refuses it without STRIPE_PRICE_ID), the sandbox otherwise. The command side
 * builds its adapter from it; the query side is handed its name and publishable key.
 */
export type BillingProviderChoice =
  | { name: 'sandbox'; publishableKey: null }
  | { name: 'stripe'; publishableKey: string | null; secretKey: string; priceId: string; apiBase: string | undefined };

export function billingProviderOf(config: Config): BillingProviderChoice {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_PRICE_ID) return { name: 'sandbox', publishableKey: null };
  return {
    name: 'stripe',
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    secretKey: config.STRIPE_SECRET_KEY,
    priceId: config.STRIPE_PRICE_ID,
    apiBase: config.STRIPE_API_BASE,
  };
}
