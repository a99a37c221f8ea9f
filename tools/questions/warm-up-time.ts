/**
 * Measures the assistant's warm-up (warmAssistantLibrary: the safety lists and classifier, the
 * question classifier, the two retrieval indexes) in a fresh process:
 *   node --expose-gc --import tsx tools/questions/warm-up-time.ts
 * Prints wall and CPU time (CPU time is the figure to compare on a shared machine) and the heap.
 */
import { warmAssistantLibrary } from '@lectio/library';

const started = performance.now();
const cpu = process.cpuUsage();
const size = warmAssistantLibrary();
const used = process.cpuUsage(cpu);
const wallMs = Math.round(performance.now() - started);
globalThis.gc?.();
const { heapUsed, rss } = process.memoryUsage();
console.log(
  `warm-up: ${wallMs} ms wall, ${Math.round((used.user + used.system) / 1000)} ms CPU; ${size.verses} verses and ${size.prose} prose documents indexed; heap ${Math.round(heapUsed / 1e6)} MB, RSS ${Math.round(rss / 1e6)} MB`,
);
