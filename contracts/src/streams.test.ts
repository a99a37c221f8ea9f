import { describe, expect, it } from 'vitest';
import { streamCategory, streams } from './events';

const userId = '3f1c2b9e-8d4a-4c1e-9b7f-2a6d5e4c3b21';

describe('stream ids', () => {
  it('each reader stream gives its id and reads the reader back; another stream is not its', () => {
    for (const stream of [
      streams.user,
      streams.subscription,
      streams.chat,
      streams.support,
      streams.plans,
      streams.notes,
    ]) {
      const id = stream(userId);
      expect(streamCategory(id)).toBe(stream.category);
      expect(stream.userIdOf(id)).toBe(userId);
    }
    expect(streams.subscription.userIdOf(streams.user(userId))).toBeNull();
    expect(streams.user.userIdOf(streams.usage(userId, '20260301'))).toBeNull();
  });

  it('a usage stream reads back as its reader and period key', () => {
    const id = streams.usage(userId, '20260301');
    expect(id).toBe(`usage-${userId}-20260301`);
    expect(streams.usage.partsOf(id)).toEqual({ userId, periodKey: '20260301' });
    expect(streamCategory(id)).toBe('usage');
    expect(streams.usage.partsOf(streams.chat(userId))).toBeNull();
    expect(streams.usage.partsOf('usage-')).toBeNull();
  });
});
