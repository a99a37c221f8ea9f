import { randomInt } from 'node:crypto';
import { luhnValid, TEST_CARDS } from '@lectio/contracts/billing';

/**
 * @lectio/testing/cards: a Visa number no other test uses, which the sandbox and the fake Stripe
 * accept and charge like 4242 4242 4242 4242. One trial per card: a test that starts several
 * trials on one server gives each its own card, as different people would.
 */
export function freshCardNumber(): string {
  const special = new Set<string>(Object.values(TEST_CARDS));
  for (;;) {
    let body = '4';
    while (body.length < 15) body += String(randomInt(10));
    const check = [...'0123456789'].find((d) => luhnValid(body + d))!;
    if (!special.has(body + check)) return body + check;
  }
}
