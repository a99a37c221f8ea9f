import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('defaults to the embedded engines', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.NATS_URL).toBeUndefined();
  });

  it('reads PORT and DATA_DIR and real engine URLs', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/db',
      NATS_URL: 'nats://h:4222',
    });
    expect(c).toMatchObject({
      PORT: 8080,
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/db',
      NATS_URL: 'nats://h:4222',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['NATS_URL', 'not a url'],
    ['EVENTSTOREDB_URL', 'http://x'],
    ['NODE_ENV', 'staging'],
  ])('a bad %s stops start-up with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrowError(new RegExp(`${name}:`));
  });

  it('production needs a session secret and the public address', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(/SESSION_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).toThrowError(/PUBLIC_URL/);
    // No silent sandbox in production: test cards would unlock Premium for free.
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://lectio.example' }),
    ).toThrowError(/STRIPE_SECRET_KEY.*BILLING_SANDBOX=1/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://lectio.example',
        BILLING_SANDBOX: '1',
      }).NODE_ENV,
    ).toBe('production');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://lectio.example',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PRICE_ID: 'price_1',
      }).NODE_ENV,
    ).toBe('production');
  });

  it('listens on 127.0.0.1 unless told otherwise, outside production; on every address in production', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    const prod = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://lectio.example',
      BILLING_SANDBOX: '1',
    };
    expect(loadConfig(prod).HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...prod, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });

  it('trusts no proxy unless told how many hops', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  });
});
