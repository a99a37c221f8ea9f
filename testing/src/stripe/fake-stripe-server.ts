import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { addMonth, cardBrandOf, cardExpired, luhnValid, TEST_CARDS } from '@lectio/contracts/billing';

/**
 * A small stateful stand-in for api.stripe.com, for tests only: exactly the endpoints the Stripe
 * adapter and the webhook handler call, on a real HTTP server on 127.0.0.1, so the official SDK is
 * driven end to end (form-encoded bodies, Idempotency-Key, error bodies, expand). Objects have
 * Stripe's shapes for the fields we read. No Stripe-compatible server can be installed here
 * (stripe-mock is a Go binary and stateless; stripe-stateful-mock lacks SetupIntents, Checkout
 * and subscription updates), hence this file.
 *
 * It also plays the two parts of Stripe nobody calls over our API: Stripe.js confirming a
 * SetupIntent with a card number (`confirmSetupIntent`), and Stripe's own clock (`advance`): trials
 * end, renewals are charged (4000 0000 0000 0341 fails), and every change emits an event in
 * `events`, for the tests to deliver to our webhook route.
 */

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Params = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }
  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.declineCode ? { decline_code: this.declineCode } : {}),
      },
    };
  }
}

const invalid = (message: string, code?: string) => new FakeStripeError(400, 'invalid_request_error', message, code);
const missing = (kind: string, id: string) =>
  new FakeStripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing');
const declined = (message = 'Your card was declined.', decline = 'generic_decline', code = 'card_declined') =>
  new FakeStripeError(402, 'card_error', message, code, decline);

/** Parses Stripe's form encoding (`items[0][price]=x&expand[0]=y`) into nested objects and arrays. */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node = root;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) node[p] = value;
      else node = node[p] ??= {};
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Params;
    const keys = Object.keys(o);
    const fixed = Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
    return keys.length > 0 && keys.every((k) => /^\d+$/.test(k))
      ? keys.sort((a, b) => Number(a) - Number(b)).map((k) => fixed[k])
      : fixed;
  };
  return arrays(root) as Params;
}

const bool = (v: unknown) => v === true || v === 'true';

export interface FakeStripe {
  readonly url: string;
  readonly secretKey: string;
  readonly priceId: string;
  /** Every event emitted, oldest first. */
  readonly events: Obj[];
  /** Stripe's clock, in seconds. */
  now(): number;
  /** Moves Stripe's clock: trial notices, trial ends, renewals and cancellations at period end happen on the way. */
  advance(seconds: number): void;
  /** What Stripe.js does with Elements: confirms a SetupIntent with a card. Throws FakeStripeError (card_error) as Stripe answers. */
  confirmSetupIntent(
    clientSecret: string,
    card: { number: string; expMonth?: number; expYear?: number },
  ): Promise<{ paymentMethodId: string }>;
  /** The reader pays on Stripe's hosted Checkout page with a card. */
  completeCheckout(sessionId: string, cardNumber?: string): void;
  /** Objects of one kind ('customer', 'subscription', ...), for assertions. */
  all(kind: string): Obj[];
  get(id: string): Obj | undefined;
  /** The number of requests served (a replayed idempotent request counts). */
  requests: number;
  close(): Promise<void>;
}

const PREFIX: Record<string, string> = {
  customer: 'cus',
  setup_intent: 'seti',
  payment_method: 'pm',
  subscription: 'sub',
  subscription_item: 'si',
  invoice: 'in',
  payment_intent: 'pi',
  invoice_payment: 'inpay',
  'checkout.session': 'cs_test',
  event: 'evt',
  line_item: 'il',
};

export async function startFakeStripe(
  options: { secretKey?: string; priceId?: string; amountCents?: number } = {},
): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? `sk_test_fake_${randomBytes(6).toString('hex')}`;
  const priceId = options.priceId ?? 'price_fake_premium_monthly';
  const amount = options.amountCents ?? 1500;
  const objects = new Map<string, Obj>();
  /** What the card behind a payment method does when charged (never part of the object Stripe shows). */
  const failsCharges = new Set<string>();
  const detached = new Set<string>();
  const idempotency = new Map<string, { hash: string; status: number; body: string }>();
  const events: Obj[] = [];
  const trialNoticeSent = new Set<string>();
  let clock = Math.floor(Date.now() / 1000);
  let baseUrl = '';

  const newId = (kind: string) => `${PREFIX[kind]}_${randomBytes(10).toString('hex')}`;
  const put = (o: Obj) => (objects.set(o.id, o), o);
  const clone = <T>(o: T): T => structuredClone(o);
  const find = (id: string, kind: string) => {
    const o = objects.get(id);
    if (!o || o.object !== kind) throw missing(kind.replace('_', ''), id);
    return o;
  };
  const all = (kind: string) => [...objects.values()].filter((o) => o.object === kind);

  function emit(type: string, object: Obj, previous?: Obj) {
    events.push({
      id: newId('event'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: clock,
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) },
    });
  }

  /** Replaces ids by objects along `expand` paths (`latest_invoice.payments.data.payment.payment_intent`). */
  function expand(value: unknown, path: string[]): unknown {
    if (!path.length || value == null) return value;
    const [head, ...rest] = path;
    if (Array.isArray(value)) return value.map((v) => expand(v, path));
    const o = value as Obj;
    if (head === 'data' && Array.isArray(o.data)) return { ...o, data: o.data.map((v: unknown) => expand(v, rest)) };
    let field = o[head!];
    if (typeof field === 'string' && objects.has(field)) field = clone(objects.get(field));
    return { ...o, [head!]: expand(field, rest) };
  }
  const expanded = (o: Obj, params: Params) => {
    const paths: string[] = Array.isArray(params.expand) ? params.expand : [];
    return paths.reduce((acc, p) => expand(acc, p.split('.')) as Obj, clone(o));
  };
  const list = (data: Obj[], url: string, params: Params) => ({
    object: 'list',
    data: data.map((d) => expanded(d, { expand: (params.expand ?? []).map((p: string) => p.replace(/^data\./, '')) })),
    has_more: false,
    url,
  });

  // ---- customers, cards -------------------------------------------------------------------------

  function defaultCardOf(sub: Obj): Obj | null {
    const customer = objects.get(sub.customer);
    const pmId = sub.default_payment_method ?? customer?.invoice_settings?.default_payment_method;
    const pm = pmId ? objects.get(pmId) : null;
    return pm && pm.customer === sub.customer ? pm : null;
  }

  function makeCard(number: string, expMonth: number, expYear: number, customer: string | null): Obj {
    const pm = put({
      id: newId('payment_method'),
      object: 'payment_method',
      type: 'card',
      created: clock,
      customer,
      livemode: false,
      metadata: {},
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: cardBrandOf(number),
        last4: number.slice(-4),
        exp_month: expMonth,
        exp_year: expYear,
        funding: 'credit',
        country: 'US',
        // As Stripe's: the same card number has the same fingerprint on every customer.
        fingerprint: createHash('sha256').update(`fake-stripe-card:${number}`).digest('base64url').slice(0, 16),
      },
    });
    if (number === TEST_CARDS.failsCharges) failsCharges.add(pm.id);
    return pm;
  }

  function checkCard(number: string, expMonth: number, expYear: number) {
    const digits = number.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
      throw declined('Your card number is incorrect.', 'incorrect_number', 'incorrect_number');
    const year = expYear < 100 ? 2000 + expYear : expYear;
    if (cardExpired(expMonth, year, new Date(clock * 1000)))
      throw declined('Your card has expired.', 'expired_card', 'expired_card');
    if (digits === TEST_CARDS.declined) throw declined();
    if (digits === TEST_CARDS.insufficientFunds)
      throw declined('Your card has insufficient funds.', 'insufficient_funds');
    return { digits, year };
  }

  // ---- invoices and charges --------------------------------------------------------------------

  /** An invoice for one period, charged now on the subscription's default card. */
  function invoiceFor(sub: Obj, start: number, end: number, reason: string, total = amount): Obj {
    const inv = put({
      id: newId('invoice'),
      object: 'invoice',
      customer: sub.customer,
      status: 'open',
      amount_due: total,
      amount_paid: 0,
      amount_remaining: total,
      attempt_count: 0,
      attempted: false,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: clock,
      currency: 'usd',
      livemode: false,
      metadata: {},
      // An invoice's own period is the one usage was collected for; the line's is the service period.
      period_start: clock,
      period_end: clock,
      lines: {
        object: 'list',
        has_more: false,
        data: [{ id: newId('line_item'), object: 'line_item', amount: total, currency: 'usd', period: { start, end } }],
      },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      payments: { object: 'list', has_more: false, data: [] },
    });
    sub.latest_invoice = inv.id;
    return inv;
  }

  /** Tries to pay an open invoice; true when paid. */
  function attempt(inv: Obj, sub: Obj): boolean {
    if (inv.amount_due === 0) {
      Object.assign(inv, { status: 'paid', attempted: true, amount_remaining: 0 });
      return true;
    }
    const pm = defaultCardOf(sub);
    const failure = !pm
      ? 'This customer has no attached payment source or default payment method.'
      : failsCharges.has(pm.id)
        ? 'Your card was declined.'
        : null;
    const pi = put({
      id: newId('payment_intent'),
      object: 'payment_intent',
      amount: inv.amount_due,
      currency: 'usd',
      customer: sub.customer,
      payment_method: pm?.id ?? null,
      status: failure ? 'requires_payment_method' : 'succeeded',
      last_payment_error: failure
        ? { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: failure }
        : null,
      created: clock,
      livemode: false,
    });
    inv.payments.data.push({
      id: newId('invoice_payment'),
      object: 'invoice_payment',
      invoice: inv.id,
      status: failure ? 'canceled' : 'paid',
      payment: { type: 'payment_intent', payment_intent: pi.id },
    });
    inv.attempt_count += 1;
    inv.attempted = true;
    if (failure) return false;
    Object.assign(inv, { status: 'paid', amount_paid: inv.amount_due, amount_remaining: 0 });
    return true;
  }

  const setPeriod = (sub: Obj, start: number, end: number) => {
    for (const item of sub.items.data) Object.assign(item, { current_period_start: start, current_period_end: end });
  };
  const periodEnd = (sub: Obj): number => sub.items.data[0].current_period_end;
  const plusMonth = (s: number) => Math.floor(addMonth(new Date(s * 1000)).getTime() / 1000);

  /** Charges the period [start, +1 month) of a subscription and moves it on; emits what Stripe emits. */
  function bill(sub: Obj, start: number, reason: string): { inv: Obj; paid: boolean } {
    const before = { status: sub.status };
    const end = plusMonth(start);
    const inv = invoiceFor(sub, start, end, reason);
    const paid = attempt(inv, sub);
    setPeriod(sub, start, end);
    sub.status = paid ? 'active' : 'past_due';
    emit(paid ? 'invoice.paid' : 'invoice.payment_failed', inv);
    emit('customer.subscription.updated', sub, before);
    return { inv, paid };
  }

  function cancelSub(sub: Obj, reason: string) {
    Object.assign(sub, {
      status: 'canceled',
      canceled_at: sub.canceled_at ?? clock,
      ended_at: clock,
      cancellation_details: { reason },
    });
    emit('customer.subscription.deleted', sub);
  }

  // ---- the API --------------------------------------------------------------------------------

  type Handler = (params: Params, m: RegExpMatchArray) => Obj;
  const routes: Array<[string, RegExp, Handler]> = [
    [
      'POST',
      /^\/v1\/customers$/,
      (p) => {
        const c = put({
          id: newId('customer'),
          object: 'customer',
          created: clock,
          email: p.email ?? null,
          metadata: p.metadata ?? {},
          invoice_settings: { default_payment_method: null },
          livemode: false,
        });
        emit('customer.created', c);
        return c;
      },
    ],
    [
      'GET',
      /^\/v1\/customers\/search$/,
      (p) => {
        const m = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(String(p.query ?? ''));
        if (!m) throw invalid("This fake only understands metadata['key']:'value' queries.");
        const data = all('customer').filter((c) => !c.deleted && c.metadata?.[m[1]!] === m[2]);
        return { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/customers/search' };
      },
    ],
    ['GET', /^\/v1\/customers\/([^/]+)$/, (p, m) => expanded(find(m[1]!, 'customer'), p)],
    [
      'POST',
      /^\/v1\/customers\/([^/]+)$/,
      (p, m) => {
        const c = find(m[1]!, 'customer');
        const previous = clone({ invoice_settings: c.invoice_settings });
        const wanted = p.invoice_settings?.default_payment_method;
        if (wanted !== undefined) {
          if (wanted !== '' && objects.get(wanted)?.customer !== c.id)
            throw invalid(
              `The customer does not have a payment method with the ID ${wanted}. The payment method must be attached to the customer.`,
            );
          c.invoice_settings.default_payment_method = wanted === '' ? null : wanted;
        }
        if (p.metadata) Object.assign(c.metadata, p.metadata);
        emit('customer.updated', c, previous);
        return c;
      },
    ],
    [
      'POST',
      /^\/v1\/setup_intents$/,
      (p) => {
        if (p.customer) find(p.customer, 'customer');
        const id = newId('setup_intent');
        return put({
          id,
          object: 'setup_intent',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          customer: p.customer ?? null,
          status: 'requires_payment_method',
          payment_method: null,
          usage: p.usage ?? 'off_session',
          metadata: p.metadata ?? {},
          last_setup_error: null,
          created: clock,
          livemode: false,
        });
      },
    ],
    [
      'GET',
      /^\/v1\/setup_intents$/,
      (p) =>
        list(
          all('setup_intent').filter((s) => !p.payment_method || s.payment_method === p.payment_method),
          '/v1/setup_intents',
          p,
        ),
    ],
    ['GET', /^\/v1\/setup_intents\/([^/]+)$/, (p, m) => expanded(find(m[1]!, 'setup_intent'), p)],
    [
      // Stripe.js's call (publishable key + client secret), reached through confirmSetupIntent.
      'POST',
      /^\/v1\/setup_intents\/([^/]+)\/confirm$/,
      (p, m) => {
        const si = find(m[1]!, 'setup_intent');
        if (p.client_secret !== si.client_secret)
          throw invalid('The client_secret provided does not match the client_secret associated with the SetupIntent.');
        if (si.status === 'succeeded')
          throw invalid(
            'You cannot confirm this SetupIntent because it has already succeeded.',
            'setup_intent_unexpected_state',
          );
        const card = p.payment_method_data?.card ?? {};
        try {
          const { digits, year } = checkCard(String(card.number ?? ''), Number(card.exp_month), Number(card.exp_year));
          const pm = makeCard(digits, Number(card.exp_month), year, si.customer);
          Object.assign(si, { status: 'succeeded', payment_method: pm.id, last_setup_error: null });
          emit('setup_intent.succeeded', si);
          if (si.customer) emit('payment_method.attached', pm);
          return si;
        } catch (err) {
          if (err instanceof FakeStripeError) si.last_setup_error = err.body().error;
          throw err;
        }
      },
    ],
    [
      'GET',
      /^\/v1\/payment_methods$/,
      (p) =>
        list(
          all('payment_method').filter((x) => x.customer === p.customer && (!p.type || x.type === p.type)),
          '/v1/payment_methods',
          p,
        ),
    ],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, (p, m) => expanded(find(m[1]!, 'payment_method'), p)],
    [
      'POST',
      /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      (p, m) => {
        const customer = find(p.customer, 'customer');
        // Stripe's test token: a fresh Visa 4242 each time.
        const pm =
          m[1] === 'pm_card_visa'
            ? makeCard(TEST_CARDS.success, 12, new Date(clock * 1000).getUTCFullYear() + 5, null)
            : find(m[1]!, 'payment_method');
        if (pm.customer === customer.id) return pm;
        if (pm.customer) throw invalid('The payment method you provided has already been attached to a customer.');
        if (detached.has(pm.id))
          throw invalid(
            'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
          );
        pm.customer = customer.id;
        emit('payment_method.attached', pm);
        return pm;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      (_p, m) => {
        const pm = find(m[1]!, 'payment_method');
        if (!pm.customer)
          throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
        const customer = objects.get(pm.customer)!;
        const previous = { customer: pm.customer };
        pm.customer = null;
        detached.add(pm.id);
        if (customer.invoice_settings.default_payment_method === pm.id)
          customer.invoice_settings.default_payment_method = null;
        emit('payment_method.detached', pm, previous);
        return pm;
      },
    ],
    [
      'POST',
      /^\/v1\/subscriptions$/,
      (p) => {
        const customer = find(p.customer, 'customer');
        const items: Params[] = p.items ?? [];
        if (items.length !== 1 || items[0]!.price !== priceId) throw missing('price', String(items[0]?.price));
        const trialEnd = p.trial_end === undefined || p.trial_end === 'now' ? null : Number(p.trial_end);
        if (trialEnd !== null && trialEnd <= clock)
          throw invalid(
            'Invalid timestamp: must be an integer Unix timestamp in the future.',
            'parameter_invalid_integer',
          );
        const sub = put({
          id: newId('subscription'),
          object: 'subscription',
          customer: customer.id,
          status: 'incomplete',
          created: clock,
          start_date: clock,
          billing_cycle_anchor: trialEnd ?? clock,
          trial_start: trialEnd ? clock : null,
          trial_end: trialEnd,
          trial_settings: {
            end_behavior: {
              missing_payment_method: p.trial_settings?.end_behavior?.missing_payment_method ?? 'create_invoice',
            },
          },
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: null,
          ended_at: null,
          default_payment_method: p.default_payment_method ?? null,
          latest_invoice: null,
          metadata: p.metadata ?? {},
          livemode: false,
          items: {
            object: 'list',
            has_more: false,
            data: [
              {
                id: newId('subscription_item'),
                object: 'subscription_item',
                quantity: 1,
                price: {
                  id: priceId,
                  object: 'price',
                  unit_amount: amount,
                  currency: 'usd',
                  recurring: { interval: 'month', interval_count: 1 },
                },
                current_period_start: clock,
                current_period_end: clock,
              },
            ],
          },
        });
        if (trialEnd) {
          // As Stripe does: a $0 invoice for the trial, paid at once.
          const inv = invoiceFor(sub, clock, trialEnd, 'subscription_create', 0);
          attempt(inv, sub);
          setPeriod(sub, clock, trialEnd);
          sub.status = 'trialing';
          emit('customer.subscription.created', sub);
          emit('invoice.paid', inv);
          return expanded(sub, p);
        }
        const inv = invoiceFor(sub, clock, plusMonth(clock), 'subscription_create');
        const paid = attempt(inv, sub);
        setPeriod(sub, clock, plusMonth(clock));
        if (!paid && p.payment_behavior === 'error_if_incomplete') {
          objects.delete(sub.id);
          throw declined();
        }
        sub.status = paid ? 'active' : 'incomplete';
        emit('customer.subscription.created', sub);
        emit(paid ? 'invoice.paid' : 'invoice.payment_failed', inv);
        return expanded(sub, p);
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions$/,
      (p) =>
        list(
          all('subscription').filter(
            (s) => s.customer === p.customer && (p.status === 'all' || s.status !== 'canceled'),
          ),
          '/v1/subscriptions',
          p,
        ),
    ],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (p, m) => expanded(find(m[1]!, 'subscription'), p)],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (p, m) => {
        const sub = find(m[1]!, 'subscription');
        if (sub.status === 'canceled' || sub.status === 'incomplete_expired')
          throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
        if (p.trial_end === 'now' && sub.status === 'trialing') {
          const start = clock;
          const inv = invoiceFor(sub, start, plusMonth(start), 'subscription_update');
          const paid = attempt(inv, sub);
          if (!paid && p.payment_behavior === 'error_if_incomplete') {
            // The update is not applied: the subscription stays in its trial; the invoice is voided.
            inv.status = 'void';
            throw declined();
          }
          const before = { status: sub.status, trial_end: sub.trial_end };
          sub.trial_end = start;
          setPeriod(sub, start, plusMonth(start));
          sub.status = paid ? 'active' : 'past_due';
          emit(paid ? 'invoice.paid' : 'invoice.payment_failed', inv);
          emit('customer.subscription.updated', sub, before);
        }
        if (p.cancel_at_period_end !== undefined && bool(p.cancel_at_period_end) !== sub.cancel_at_period_end) {
          const before = {
            cancel_at_period_end: sub.cancel_at_period_end,
            cancel_at: sub.cancel_at,
            canceled_at: sub.canceled_at,
          };
          sub.cancel_at_period_end = bool(p.cancel_at_period_end);
          sub.cancel_at = sub.cancel_at_period_end ? periodEnd(sub) : null;
          sub.canceled_at = sub.cancel_at_period_end ? clock : null;
          emit('customer.subscription.updated', sub, before);
        }
        if (p.metadata) Object.assign(sub.metadata, p.metadata);
        return expanded(sub, p);
      },
    ],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (p, m) => {
        const sub = find(m[1]!, 'subscription');
        if (sub.status === 'canceled') throw invalid(`No such subscription: '${sub.id}'`, 'resource_missing');
        cancelSub(sub, 'cancellation_requested');
        return expanded(sub, p);
      },
    ],
    [
      'GET',
      /^\/v1\/invoices$/,
      (p) =>
        list(
          all('invoice')
            .filter(
              (i) =>
                (!p.customer || i.customer === p.customer) &&
                (!p.subscription || i.parent.subscription_details.subscription === p.subscription),
            )
            .reverse(), // newest first, as Stripe lists
          '/v1/invoices',
          p,
        ),
    ],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, (p, m) => expanded(find(m[1]!, 'invoice'), p)],
    [
      'POST',
      /^\/v1\/invoices\/([^/]+)\/pay$/,
      (p, m) => {
        const inv = find(m[1]!, 'invoice');
        if (inv.status !== 'open') throw invalid('Invoice is already paid', 'invoice_not_open');
        const sub = find(inv.parent.subscription_details.subscription, 'subscription');
        const paid = attempt(inv, sub);
        emit(paid ? 'invoice.paid' : 'invoice.payment_failed', inv);
        if (!paid) throw declined();
        if (sub.status === 'past_due' || sub.status === 'incomplete') {
          const before = { status: sub.status };
          sub.status = 'active';
          emit('customer.subscription.updated', sub, before);
        }
        return expanded(inv, p);
      },
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (p) => {
        const id = newId('checkout.session');
        return put({
          id,
          object: 'checkout.session',
          mode: p.mode,
          status: 'open',
          payment_status: 'unpaid',
          url: `${baseUrl}/c/pay/${id}`,
          client_reference_id: p.client_reference_id ?? null,
          customer: p.customer ?? null,
          subscription: null,
          success_url: String(p.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', id),
          cancel_url: p.cancel_url ?? null,
          metadata: p.metadata ?? {},
          subscription_data: p.subscription_data ?? {},
          created: clock,
          livemode: false,
        });
      },
    ],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (p, m) => expanded(find(m[1]!, 'checkout.session'), p)],
    [
      'GET',
      /^\/v1\/events$/,
      (p) => {
        const gte = Number(p.created?.gte ?? 0);
        return list(events.filter((e) => e.created >= gte).reverse(), '/v1/events', p);
      },
    ],
  ];

  function handle(
    method: string,
    path: string,
    params: Params,
    key: string | undefined,
    bodyText: string,
  ): { status: number; body: string; replayed?: boolean } {
    if (key && method === 'POST') {
      const hash = createHash('sha256').update(`${method} ${path} ${bodyText}`).digest('hex');
      const stored = idempotency.get(key);
      if (stored) {
        if (stored.hash !== hash)
          return {
            status: 400,
            body: JSON.stringify({
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              },
            }),
          };
        return { ...stored, replayed: true };
      }
      const answer = run(method, path, params);
      // Stripe keeps the answer (errors included, except 5xx) for the key.
      if (answer.status < 500) idempotency.set(key, { hash, ...answer });
      return answer;
    }
    return run(method, path, params);
  }

  function run(method: string, path: string, params: Params): { status: number; body: string } {
    for (const [m, re, fn] of routes) {
      const match = method === m ? path.match(re) : null;
      if (!match) continue;
      try {
        return { status: 200, body: JSON.stringify(fn(params, match)) };
      } catch (err) {
        if (err instanceof FakeStripeError) return { status: err.status, body: JSON.stringify(err.body()) };
        return { status: 500, body: JSON.stringify({ error: { type: 'api_error', message: String(err) } }) };
      }
    }
    return {
      status: 404,
      body: JSON.stringify({
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
      }),
    };
  }

  const fake: FakeStripe = {
    url: '',
    secretKey,
    priceId,
    events,
    requests: 0,
    now: () => clock,
    advance(seconds) {
      const target = clock + Math.floor(seconds);
      for (;;) {
        // The next thing due on Stripe's clock, in time order.
        let next: { at: number; run: () => void } | null = null;
        const consider = (at: number, run: () => void) => {
          if (at <= target && (!next || at < next.at)) next = { at, run };
        };
        for (const sub of all('subscription')) {
          if (sub.status === 'trialing') {
            if (!trialNoticeSent.has(sub.id) && sub.trial_end - 3 * 86_400 > clock - 1)
              consider(
                sub.trial_end - 3 * 86_400,
                () => (trialNoticeSent.add(sub.id), emit('customer.subscription.trial_will_end', sub)),
              );
            consider(sub.trial_end, () => {
              if (sub.cancel_at_period_end) return cancelSub(sub, 'cancellation_requested');
              if (!defaultCardOf(sub) && sub.trial_settings.end_behavior.missing_payment_method === 'cancel')
                return cancelSub(sub, 'trial_end_without_payment_method' as string);
              bill(sub, sub.trial_end, 'subscription_cycle');
            });
          } else if (sub.status === 'active') {
            consider(periodEnd(sub), () =>
              sub.cancel_at_period_end
                ? cancelSub(sub, 'cancellation_requested')
                : bill(sub, periodEnd(sub), 'subscription_cycle'),
            );
          }
        }
        if (!next) break;
        const due = next as { at: number; run: () => void };
        clock = Math.max(clock, due.at);
        due.run();
      }
      clock = target;
    },
    async confirmSetupIntent(clientSecret, card) {
      const id = clientSecret.split('_secret_')[0]!;
      const year = card.expYear ?? new Date(clock * 1000).getUTCFullYear() + 3;
      const body = new URLSearchParams({
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': card.number,
        'payment_method_data[card][exp_month]': String(card.expMonth ?? 12),
        'payment_method_data[card][exp_year]': String(year),
        'payment_method_data[card][cvc]': '123',
      }).toString();
      const r = handle('POST', `/v1/setup_intents/${id}/confirm`, parseForm(body), undefined, body);
      const parsed = JSON.parse(r.body);
      if (r.status !== 200)
        throw new FakeStripeError(
          r.status,
          parsed.error.type,
          parsed.error.message,
          parsed.error.code,
          parsed.error.decline_code,
        );
      return { paymentMethodId: parsed.payment_method };
    },
    completeCheckout(sessionId, cardNumber = TEST_CARDS.success) {
      const session = find(sessionId, 'checkout.session');
      let customerId = session.customer as string | null;
      if (!customerId) {
        const c = put({
          id: newId('customer'),
          object: 'customer',
          created: clock,
          email: null,
          metadata: {},
          invoice_settings: { default_payment_method: null },
          livemode: false,
        });
        emit('customer.created', c);
        customerId = c.id;
      }
      const pm = makeCard(cardNumber, 12, new Date(clock * 1000).getUTCFullYear() + 3, customerId);
      emit('payment_method.attached', pm);
      const params = parseForm(
        new URLSearchParams({
          customer: customerId!,
          'items[0][price]': priceId,
          default_payment_method: pm.id,
        }).toString(),
      );
      params.metadata = { ...(session.subscription_data?.metadata ?? {}) };
      const r = run('POST', '/v1/subscriptions', params);
      if (r.status !== 200) throw new Error(`fake checkout could not subscribe: ${r.body}`);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer: customerId,
        subscription: JSON.parse(r.body).id,
      });
      emit('checkout.session.completed', session);
    },
    all: (kind) => all(kind).map(clone),
    get: (id) => (objects.has(id) ? clone(objects.get(id)) : undefined),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      fake.requests++;
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const bodyText = Buffer.concat(chunks).toString('utf8');
      const auth = String(req.headers.authorization ?? '');
      const send = (status: number, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
          ...headers,
        });
        res.end(body);
      };
      if (auth !== `Bearer ${secretKey}`) {
        send(
          401,
          JSON.stringify({
            error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
          }),
        );
        return;
      }
      const params =
        req.method === 'GET' || req.method === 'DELETE' ? parseForm(url.search.slice(1)) : parseForm(bodyText);
      const key = req.headers['idempotency-key'];
      const r = handle(req.method ?? 'GET', url.pathname, params, typeof key === 'string' ? key : undefined, bodyText);
      send(r.status, r.body, r.replayed ? { 'idempotent-replayed': 'true' } : {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  (fake as { url: string }).url = baseUrl;
  return fake;
}
