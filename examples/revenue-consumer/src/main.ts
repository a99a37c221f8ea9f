import { runRevenueConsumer } from './consumer';

// npx tsx examples/revenue-consumer/src/main.ts [nats://127.0.0.1:4222]; Ctrl-C to stop.
const ac = new AbortController();
process.once('SIGINT', () => ac.abort());
process.once('SIGTERM', () => ac.abort());
await runRevenueConsumer({
  natsUrl: process.argv[2] ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  durable: process.env.REVENUE_CONSUMER ?? 'revenue-summary',
  stateFile: process.env.REVENUE_STATE ?? 'revenue-summary.json',
  signal: ac.signal,
});
