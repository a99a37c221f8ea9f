/**
 * Full-text search cost in the query service, without HTTP: words, a phrase, a typed prefix, a
 * misspelt word (spelling suggestion) and garbage (the bounded worst case).
 *   npx tsx bench/search.ts [rounds=200]
 */
import { getBibleStore } from '@lectio/query-service';

const rounds = Number(process.argv[2] ?? 200);
const store = getBibleStore();
const queries: Record<string, string> = {
  words: 'faith hope love',
  phrase: 'love is patient and kind',
  prefix: 'forgiv',
  typo: 'forgivness of sins',
  garbage: 'qwxzv plokmn zzqq wwee rrtt yyuu iiop asdf ghjk lzxc',
};

store.search('web', 'warm up the index', 20);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
console.log(`search bench: ${rounds} rounds per query, WEB New Testament, node ${process.version}`);
for (const [kind, q] of Object.entries(queries)) {
  const times: number[] = [];
  let outcome = store.search('web', q, 20);
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    outcome = store.search('web', q, 20);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${kind.padEnd(8)} "${q.slice(0, 28)}": p50 ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms; ${outcome.total} matches` +
      (outcome.suggestion ? `, suggests "${outcome.suggestion}"` : ''),
  );
}
