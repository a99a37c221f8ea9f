import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX } from '@lectio/contracts/constants';
import { isWeakPasswordOffLoop } from './password-strength';
import { PasswordHasher, SCRYPT_PARAMS, TEST_ONLY_SCRYPT_N, scryptParamsFor } from './passwords';

const hasher = new PasswordHasher(scryptParamsFor('test'));

describe('password hashing', () => {
  it('uses N=2^17, r=8, p=1, a 64-byte key and a 16-byte salt outside tests', () => {
    for (const env of ['production', 'development']) {
      expect(scryptParamsFor(env)).toEqual({
        N: 131072,
        r: 8,
        p: 1,
        keyLength: 64,
        saltLength: 16,
        maxmem: SCRYPT_PARAMS.maxmem,
      });
    }
    expect(scryptParamsFor('test').N).toBe(TEST_ONLY_SCRYPT_N);
  });

  it('hashes with the full production parameters when asked (maxmem is enough)', async () => {
    const strong = new PasswordHasher(scryptParamsFor('production'));
    const stored = await strong.hash('correct horse battery');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await strong.verify('correct horse battery', stored)).toBe(true);
  });

  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hasher.hash('correct horse battery');
    const b = await hasher.hash('correct horse battery');
    expect(a).not.toBe(b);
    expect(await hasher.verify('correct horse battery', a)).toBe(true);
    expect(await hasher.verify('correct horse batterY', a)).toBe(false);
    expect(await hasher.verify('anything', 'not-a-hash')).toBe(false);
  });

  it('does not truncate: passwords differing only in the last of 128 characters differ', async () => {
    const base = 'x'.repeat(PASSWORD_MAX - 1);
    const stored = await hasher.hash(base + 'a');
    expect(await hasher.verify(base + 'a', stored)).toBe(true);
    expect(await hasher.verify(base + 'b', stored)).toBe(false);
    expect(await hasher.verify(base, stored)).toBe(false);
  });

  it('normalises Unicode so composed and decomposed forms match', async () => {
    const stored = await hasher.hash('caf\u00e9 au lait');
    expect(await hasher.verify('cafe\u0301 au lait', stored)).toBe(true);
  });

  it('a dummy check is always false', async () => {
    expect(await hasher.verifyDummy('whatever-you-type')).toBe(false);
  });
});

describe('password strength (zxcvbn-ts, score 3 or more)', () => {
  it.each([
    'password',
    '12345678',
    'qwertyui',
    'iloveyou1',
    'PassWord1',
    'baseball',
    'Passw0rd!',
    'Summer2024!',
    'Password2024',
    'lectiolectio',
  ])('refuses %s', async (p) => {
    expect(await isWeakPasswordOffLoop(p)).toBe(true);
  });

  it("refuses the person's own names: username and e-mail", async () => {
    expect(await isWeakPasswordOffLoop('qorvextamblin!!')).toBe(false);
    expect(await isWeakPasswordOffLoop('qorvextamblin!!', { username: 'qorvextamblin' })).toBe(true);
    expect(await isWeakPasswordOffLoop('zorblax.quinte#7')).toBe(false);
    expect(await isWeakPasswordOffLoop('zorblax.quinte#7', { email: 'zorblax.quinte@example.com' })).toBe(true);
  });

  it('accepts an uncommon one; of a long one only the first 32 characters are estimated (bounded CPU)', async () => {
    expect(await isWeakPasswordOffLoop('tabernacle-of-meeting-42')).toBe(false);
    expect(await isWeakPasswordOffLoop('abc123'.repeat(21))).toBe(true);
    expect(await isWeakPasswordOffLoop('Z9#mQ2!vL8@pR4$tZ9#mQ2!vL8@pR4$t' + 'a'.repeat(96))).toBe(false);
    expect(await isWeakPasswordOffLoop('password'.repeat(4) + 'Z9#mQ2!vL8@pR4$t'.repeat(6))).toBe(true);
  });
});
