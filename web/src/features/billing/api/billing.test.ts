import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutCall, trialSetupIntent } from './billing';
import { billingErrorText } from '../state/errors';

/** Answers every fetch with this body, status and content type. */
function answer(body: string, init: { status?: number; type?: string } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(body, {
          status: init.status ?? 200,
          headers: { 'content-type': init.type ?? 'application/json' },
        }),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('checkout calls', () => {
  it('returns the url of a JSON answer', async () => {
    answer(JSON.stringify({ url: '/subscription-success?session_id=cs_1', sessionId: 'cs_1' }));
    await expect(checkoutCall('/api/real-stripe-checkout')).resolves.toMatchObject({
      url: '/subscription-success?session_id=cs_1',
    });
  });

  it('names what is wrong with the answer', async () => {
    answer('<html>proxy error page</html>', { type: 'text/html' });
    await expect(checkoutCall('/api/real-stripe-checkout')).rejects.toThrow('Server returned non-JSON response');
    answer('{"url": ', { type: 'application/json' });
    await expect(checkoutCall('/api/real-stripe-checkout')).rejects.toThrow('Server returned invalid JSON');
    answer(JSON.stringify({ sessionId: 'cs_1' }));
    await expect(checkoutCall('/api/real-stripe-checkout')).rejects.toThrow('No checkout URL returned from server');
  });

  it("a refusal keeps the server's message; a network failure says the checkout failed", async () => {
    answer(JSON.stringify({ message: 'You already have an active subscription.' }), { status: 409 });
    const refused = await checkoutCall('/api/stripe-checkout', { productId: 'premium' }).catch((e: unknown) => e);
    expect(billingErrorText(refused, 'Failed to create checkout session')).toBe(
      'You already have an active subscription.',
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const offline = await checkoutCall('/api/stripe-checkout').catch((e: unknown) => e);
    expect(billingErrorText(offline, 'x')).toBe('Failed to create checkout session');
  });
});

describe('setup intents', () => {
  it("an answer without a client secret is 'Invalid setup intent response'", async () => {
    answer(JSON.stringify({}));
    await expect(trialSetupIntent()).rejects.toThrow('Invalid setup intent response');
    answer(JSON.stringify({ clientSecret: 'seti_1_secret_2' }));
    await expect(trialSetupIntent()).resolves.toBe('seti_1_secret_2');
  });

  it('a network failure falls back to the given text, not the browser message', () => {
    expect(billingErrorText(new TypeError('Failed to fetch'), 'Failed to initialize payment setup')).toBe(
      'Failed to initialize payment setup',
    );
  });
});
