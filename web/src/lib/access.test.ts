import { describe, expect, it } from 'vitest';
import { accessOf, type SubscriptionFacts } from '@lectio/contracts/billing';
import { showsGetPremium, userAccess } from './access';

const now = new Date('2026-11-23T12:00:00Z');
const user = (f: Partial<SubscriptionFacts>): SubscriptionFacts => ({
  subscriptionStatus: 'inactive',
  trialEndsAt: null,
  currentPeriodEnd: null,
  paymentMethodProvided: false,
  ...f,
});

// The web reads the one access rule on the user it holds; the property test in command-service
// checks that rule's answers against the server's at every step of random histories.
describe("the web's access", () => {
  it('is the access rule on the signed-in user; nothing when signed out', () => {
    const cancelledTrial = user({ subscriptionStatus: 'canceled', trialEndsAt: '2026-12-01T00:00:00Z' });
    expect(userAccess(cancelledTrial, now)).toEqual(accessOf(cancelledTrial, now));
    expect(userAccess(null, now)).toBeNull();
  });

  it("the header's Get Premium: every signed-in reader who is not active, a cancelled one included; nobody signed out", () => {
    expect(showsGetPremium(null, now)).toBe(false);
    expect(showsGetPremium(user({ subscriptionStatus: 'active', currentPeriodEnd: '2026-12-01T00:00:00Z' }), now)).toBe(
      false,
    );
    expect(
      showsGetPremium(user({ subscriptionStatus: 'canceled', currentPeriodEnd: '2026-12-01T00:00:00Z' }), now),
    ).toBe(true);
    expect(showsGetPremium(user({ subscriptionStatus: 'canceled', trialEndsAt: '2026-12-01T00:00:00Z' }), now)).toBe(
      true,
    );
    expect(
      showsGetPremium(
        user({ subscriptionStatus: 'trial', trialEndsAt: '2026-12-01T00:00:00Z', paymentMethodProvided: true }),
        now,
      ),
    ).toBe(true);
    expect(showsGetPremium(user({ subscriptionStatus: 'past_due' }), now)).toBe(true);
    expect(showsGetPremium(user({}), now)).toBe(true);
  });
});
