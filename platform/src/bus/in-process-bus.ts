import { subjectMatches, type Bus, type BusMessage, type ConsumeOptions } from './port';

/**
 * The embedded bus. publish() resolves only after every live consumer has handled the message,
 * so the relay's checkpoint (advanced after publish) never passes a message a consumer missed;
 * after a restart the relay republishes from that checkpoint and idempotent consumers skip repeats.
 */
export function createInProcessBus(options: { dedupWindow?: number } = {}): Bus {
  const window = options.dedupWindow ?? 100_000;
  const seen = new Set<string>();
  const consumers = new Map<string, ConsumeOptions>();

  return {
    engine: 'in-process',
    async publish(msg: BusMessage) {
      if (seen.has(msg.id)) return;
      for (const c of consumers.values()) {
        if (c.signal.aborted || !subjectMatches(c.filterSubject, msg.subject)) continue;
        await c.handler(msg);
      }
      seen.add(msg.id);
      const oldest = seen.values().next();
      if (seen.size > window && !oldest.done) seen.delete(oldest.value);
    },
    consume(options) {
      consumers.set(options.consumer, options);
      return new Promise<void>((resolve) => {
        const stop = () => {
          if (consumers.get(options.consumer) === options) consumers.delete(options.consumer);
          resolve();
        };
        if (options.signal.aborted) return stop();
        options.signal.addEventListener('abort', stop, { once: true });
      });
    },
    ping: async () => true,
    close: async () => consumers.clear(),
  };
}
