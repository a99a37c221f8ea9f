import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '@lectio/contracts/billing';
import { POSITION_HEADER } from '@lectio/contracts/constants';
import { streams } from '@lectio/contracts/events';
import { freshCardNumber } from '@lectio/testing/cards';
import { startTestLectio, type TestClient, unique } from '../../test/test-lectio';
import { saveCard } from '../../test/trial';

/** The trial's rules on the server, whatever client calls: the card first, one trial per person and card; answers as written. */
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio();
}, 180_000);
afterAll(() => t?.close());

const PASSWORD = 'Psalm-23:1 shepherd';
let ip = 1;
const local = () => t.client(`127.0.11.${ip++}`);

async function card(c: TestClient, number = freshCardNumber()) {
  const { clientSecret } = (await c.post('/api/trial-setup-intent')).body;
  const confirmed = await c.post('/api/sandbox/confirm-setup', {
    clientSecret,
    card: { number, expMonth: 12, expYear: 2031, cvc: '123' },
  });
  expect(confirmed.status).toBe(200);
  return confirmed.body.paymentMethodId as string;
}

async function signUpWithCard(c: TestClient, email: string, paymentMethodId: string) {
  const username = unique('phoebe');
  return c.post('/api/register-with-payment', {
    userData: { username, email, password: PASSWORD, confirmPassword: PASSWORD },
    paymentMethodId,
  });
}

describe('the answer of a trial sign-up while the read models lag behind', { timeout: 120_000 }, () => {
  let lagging: Awaited<ReturnType<typeof startTestLectio>>;
  beforeAll(async () => {
    lagging = await startTestLectio({ projections: false });
  }, 180_000);
  afterAll(() => lagging?.close());

  it('is the subscription it wrote (a trial with a card), never the read model from before it', async () => {
    const c = lagging.client('127.0.12.1');
    const r = await signUpWithCard(c, `${unique('junia')}@example.com`, await card(c));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      subscriptionStatus: 'trial',
      paymentMethodProvided: true,
      trialEndsAt: expect.any(String),
    });
    const written = await lagging.lectio.rt.store.readStream(streams.subscription(r.body.id), {
      direction: 'backwards',
      maxCount: 1,
    });
    expect(r.headers[POSITION_HEADER]).toBe(written[0]!.position.toString());
  });
});

describe('the answer of a trial sign-up', { timeout: 120_000 }, () => {
  it('is read at the position of the subscription it wrote: a trial with a card, every time', async () => {
    for (let i = 0; i < 6; i++) {
      const c = local();
      const r = await signUpWithCard(c, `${unique('junia')}@example.com`, await card(c));
      expect(r.status).toBe(201);
      expect(r.body, `sign-up ${i + 1}`).toMatchObject({ subscriptionStatus: 'trial', paymentMethodProvided: true });
      expect(BigInt(r.headers[POSITION_HEADER] as string)).toBeGreaterThan(0n);
    }
  });
});

/** A signed-in reader without a trial: registered, no card. */
async function reader(email = `${unique('lois')}@example.com`) {
  const c = local();
  expect((await c.register(unique('lois'), email, PASSWORD)).status).toBe(201);
  return c;
}

describe('the card comes first', { timeout: 120_000 }, () => {
  it('POST /api/start-trial without a card is refused with a message, and nothing starts', async () => {
    const c = await reader();
    expect(await c.post('/api/start-trial')).toMatchObject({
      status: 400,
      body: { message: billingMessages.trialNeedsCard },
    });
    expect((await c.get('/api/user')).body.subscriptionStatus).toBe('inactive');
  });

  it('with a card saved first, the trial starts on it', async () => {
    const c = await reader();
    await saveCard(c);
    expect(await c.post('/api/start-trial')).toMatchObject({
      status: 200,
      body: { message: billingMessages.trialStarted, subscriptionStatus: 'trial' },
    });
  });
});

describe('one trial per person and per card', { timeout: 120_000 }, () => {
  it('the same mailbox under another spelling (case, +tag) gets no second trial, and is not registered', async () => {
    const name = unique('alice');
    const first = local();
    expect((await signUpWithCard(first, `${name}+trial1@Example.com`, await card(first))).status).toBe(201);
    const second = local();
    const email = `${name}+trial2@example.com`;
    const refused = await signUpWithCard(second, email, await card(second, '5555555555554444'));
    expect(refused).toMatchObject({ status: 409, body: { message: billingMessages.trialUsedElsewhere } });
    expect((await second.get('/api/user')).status).toBe(401);
    // Nobody holds the address: the account was never made.
    expect((await second.post('/api/register-check', { username: unique('x'), email })).status).toBe(200);
  });

  it('Gmail ignores dots: a.b@gmail.com and ab@gmail.com are one person', async () => {
    const name = unique('dorcas');
    const first = local();
    expect(
      (await signUpWithCard(first, `${name.slice(0, 3)}.${name.slice(3)}@gmail.com`, await card(first))).status,
    ).toBe(201);
    const second = local();
    expect(
      (await signUpWithCard(second, `${name}@googlemail.com`, await card(second, '5555555555554444'))).status,
    ).toBe(409);
  });

  it('the same card gets no second trial on another account, whether signing up or signed in', async () => {
    const first = local();
    const number = '4000056655665556';
    expect((await signUpWithCard(first, `${unique('lydia')}@example.com`, await card(first, number))).status).toBe(201);
    const second = local();
    expect(await signUpWithCard(second, `${unique('chloe')}@example.com`, await card(second, number))).toMatchObject({
      status: 409,
      body: { message: billingMessages.trialUsedElsewhere },
    });
    const signedIn = await reader();
    await saveCard(signedIn, number);
    expect(await signedIn.post('/api/start-trial')).toMatchObject({
      status: 409,
      body: { message: billingMessages.trialUsedElsewhere },
    });
    // Another card of theirs is welcome.
    const other = await reader();
    await saveCard(other, '6011111111111117');
    expect((await other.post('/api/start-trial')).status).toBe(200);
  });

  it('a signed-in reader whose address had a trial on another account is refused too', async () => {
    const name = unique('junia');
    const first = local();
    expect((await signUpWithCard(first, `${name}@example.com`, await card(first, '3566002020360505'))).status).toBe(
      201,
    );
    const c = await reader(`${name}+again@example.com`);
    await saveCard(c, '6011000990139424');
    expect(await c.post('/api/start-trial')).toMatchObject({
      status: 409,
      body: { message: billingMessages.trialUsedElsewhere },
    });
  });
});
