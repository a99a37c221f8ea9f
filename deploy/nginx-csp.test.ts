import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_CSP } from '@lectio/platform/http';

describe('one Content-Security-Policy', () => {
  it('nginx sends exactly the policy the Fastify servers send', () => {
    const conf = readFileSync(new URL('./nginx.conf', import.meta.url), 'utf8');
    const policies = [...conf.matchAll(/add_header Content-Security-Policy "([^"]*)"/g)].map((m) => m[1]);
    expect(policies.length).toBeGreaterThan(0);
    for (const policy of policies) expect(policy).toBe(PAGE_CSP);
  });
});
