import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto). Parameters, per OWASP's password storage guidance
 * for scrypt (N=2^17, r=8, p=1): 128 MiB and roughly a few hundred milliseconds per hash.
 * The stored string carries its parameters (`scrypt$N$r$p$salt$key`), so stronger parameters can
 * come later without breaking existing hashes. Passwords are hashed whole (up to PASSWORD_MAX,
 * never truncated), after Unicode NFC normalisation so the same typed text always matches.
 */
export const SCRYPT_PARAMS = {
  N: 2 ** 17,
  r: 8,
  p: 1,
  keyLength: 64,
  saltLength: 16,
  /** 128 * N * r = 128 MiB are needed; Node's default limit is 32 MiB. */
  maxmem: 256 * 1024 * 1024,
} as const;

/** The only weaker setting: used when NODE_ENV === 'test', so the suites stay fast. */
export const TEST_ONLY_SCRYPT_N = 2 ** 10;

export type ScryptParams = { N: number; r: number; p: number; keyLength: number; saltLength: number; maxmem: number };

export function scryptParamsFor(nodeEnv: string): ScryptParams {
  return nodeEnv === 'test' ? { ...SCRYPT_PARAMS, N: TEST_ONLY_SCRYPT_N } : { ...SCRYPT_PARAMS };
}

const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password.normalize('NFC'), salt, keyLength, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

export class PasswordHasher {
  private dummy?: Promise<string>;
  constructor(readonly params: ScryptParams) {}

  async hash(password: string): Promise<string> {
    const { N, r, p, keyLength, saltLength, maxmem } = this.params;
    const salt = randomBytes(saltLength);
    const key = await scrypt(password, salt, keyLength, { N, r, p, maxmem });
    return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parts = stored.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    const salt = Buffer.from(parts[4]!, 'base64url');
    const expected = Buffer.from(parts[5]!, 'base64url');
    const key = await scrypt(password, salt, expected.length, {
      N,
      r,
      p,
      maxmem: Math.max(this.params.maxmem, 256 * N * r),
    });
    return key.length === expected.length && timingSafeEqual(key, expected);
  }

  /**
   * For an unknown e-mail at sign-in: the same work as checking a real password, so the answer
   * takes about as long whether or not the account exists. Always false.
   */
  async verifyDummy(password: string): Promise<false> {
    this.dummy ??= this.hash(randomBytes(16).toString('base64url'));
    await this.verify(password, await this.dummy);
    return false;
  }
}
