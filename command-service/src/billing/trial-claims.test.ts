import { describe, expect, it } from 'vitest';
import { normalisedTrialEmail, trialClaimKeys } from './trial-claims';

describe('one trial per person: the e-mail address as one mailbox', () => {
  it('ignores case and the +tag on every domain', () => {
    for (const e of [
      'Alice+trial1@Example.com',
      'alice+trial2@example.com',
      'ALICE@EXAMPLE.COM',
      ' alice@example.com ',
    ]) {
      expect(normalisedTrialEmail(e), e).toBe('alice@example.com');
    }
  });
  it('drops the dots where the provider ignores them (Gmail), and keeps them where it does not', () => {
    expect(normalisedTrialEmail('A.lice.Smith+x@gmail.com')).toBe('alicesmith@gmail.com');
    expect(normalisedTrialEmail('alice.smith@googlemail.com')).toBe('alicesmith@gmail.com');
    expect(normalisedTrialEmail('alice.smith@example.com')).toBe('alice.smith@example.com');
    expect(normalisedTrialEmail('alice.smith@outlook.com')).toBe('alice.smith@outlook.com');
  });
  it("drops a provider's own sub-address (Yahoo's -tag)", () => {
    expect(normalisedTrialEmail('alice-shopping@yahoo.com')).toBe('alice@yahoo.com');
  });
  it('keeps different people apart', () => {
    expect(normalisedTrialEmail('alice@example.com')).not.toBe(normalisedTrialEmail('alicia@example.com'));
    expect(normalisedTrialEmail('alice@example.com')).not.toBe(normalisedTrialEmail('alice@example.org'));
  });
  it('claims under the e-mail and, when there is one, the card fingerprint, as hashes only', () => {
    const keys = trialClaimKeys('Alice+1@Example.com', 'fp_123');
    expect(keys.map((k) => k.kind)).toEqual(['email', 'card']);
    expect(trialClaimKeys('alice@example.com', null)).toEqual([keys[0]]);
    expect(JSON.stringify(keys)).not.toMatch(/alice|fp_123/);
  });
});
