import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { Email, UserResponse } from './accounts';
import { isValidEmail, type UserResponse as UserShape } from './user';

describe('the zod-free account contract', () => {
  it("the server's UserResponse schema infers exactly the zod-free UserResponse", () => {
    expectTypeOf<z.infer<typeof UserResponse>>().toEqualTypeOf<UserShape>();
  });

  const valid = [
    'reader@example.com',
    '  padded@example.com  ',
    'first.last@example.co.uk',
    "o'brien@example.org",
    'tag+lectio@example.com',
    'under_score@sub.domain.example',
    'a-b@x-y.example',
    'A@B.CD',
    `${'a'.repeat(64)}@example.com`,
  ];
  const invalid = [
    '',
    '   ',
    'plainaddress',
    '@example.com',
    'reader@',
    'reader@example',
    'reader@example.c',
    '.reader@example.com',
    'reader.@example.com',
    'rea..der@example.com',
    'reader@-example.com',
    'reader@exa mple.com',
    'two@@example.com',
    'reader@example.com.',
    'reader@example..com',
    `${'a'.repeat(250)}@example.com`,
  ];

  it.each(valid)('accepts %j as the server does', (address) => {
    expect(Email.safeParse(address).success).toBe(true);
    expect(isValidEmail(address)).toBe(true);
  });

  it.each(invalid)('refuses %j as the server does', (address) => {
    expect(Email.safeParse(address).success).toBe(false);
    expect(isValidEmail(address)).toBe(false);
  });
});
