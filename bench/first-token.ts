/**
 * The server time Lectio adds before a model's first streamed token reaches the reader: a Premium
 * reader's free-text question on POST /api/chat/stream, time to the first `delta` event, minus the
 * local fake OpenAI-compatible server's own time to its first token (asked directly, just before).
 * Aim: under 20 ms added.
 *   npx tsx bench/first-token.ts [questions=50]
 * On PGlite (the embedded default) and PostgreSQL (a bench_* database on TEST_DATABASE_URL's server,
 * dropped after). Lectio runs as `npm start` does (production, in a process of its own, sandbox billing) with its
 * model at the fake server in this process; Premium readers come from a trial with the sandbox
 * test card converted to paid. Questions are spread over readers to stay within the per-minute limit.
 * After WARM_UP questions not counted, each question is asked PAUSE_MS after the answer before it
 * ended, as a reader asks (the aim's figure: a question's own time); then as many back to back,
 * where each may also wait for what the answer before it left behind (its read models).
 */
import http from 'node:http';
import { CHAT_RATE_LIMIT_PER_MINUTE } from '@lectio/contracts/assistant';
import { startFakeOpenAi } from '@lectio/testing/openai';
import { HttpReader } from '@lectio/standalone/testing';
import { onBothEngines } from './both-engines';
import { percentile } from '@lectio/platform/testing';
import { startServer } from './stall';

const questions = Number(process.argv[2] ?? 50);
/** Longer than the checkpoint writer's deferral (100 ms): what one answer leaves behind is done. */
const PAUSE_MS = 150;
/** Questions first asked and not counted: a running server has compiled its question path (JIT). */
const WARM_UP = 20;

/** Milliseconds from sending a request to the first chunk whose text matches `first`, then the rest is read. */
function timeToFirst(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: unknown,
  first: RegExp,
  agent: http.Agent,
): Promise<{ ms: number; status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let ms = NaN;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        agent,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          text += d;
          if (Number.isNaN(ms) && first.test(text)) ms = performance.now() - t0;
        });
        res.on('end', () => resolve({ ms, status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const fake = await startFakeOpenAi();
const fakePort = Number(new URL(fake.url).port);
const direct = new http.Agent({ keepAlive: true, maxSockets: 1 });

async function measure(engine: string, env: Record<string, string>, dir: string) {
  const server = await startServer(
    { LOG_LEVEL: 'warn', OPENAI_BASE_URL: fake.baseURL, OPENAI_API_KEY: 'sk-fake', ...env },
    dir,
  );
  const readers: HttpReader[] = [];
  const agents: http.Agent[] = [];
  try {
    // Premium: the trial with a card, converted to paid (what production allows; activate-subscription is development only).
    const perReader = CHAT_RATE_LIMIT_PER_MINUTE - 1;
    for (let i = 0; i < Math.ceil((WARM_UP + 2 * questions) / perReader); i++) {
      const r = new HttpReader(server.port, 1);
      readers.push(r);
      if (!(await r.trialSignUp()).ok) throw new Error('the trial sign-up failed');
      const paid = await r.post('/api/convert-trial-to-paid');
      if (paid.status !== 200) throw new Error(`convert-trial-to-paid answered ${paid.status}: ${paid.text}`);
    }
    // One question each way first, so neither figure includes a first connection or a cold code path.
    const warm = readers[0]!;
    await timeToFirst(
      server.port,
      '/api/chat/stream',
      { cookie: warm.cookieHeader },
      {
        message: 'Why did Jesus weep at the tomb of his friend?',
        context: { book: 'john', chapter: 11, verse: 35, verseText: '' },
      },
      /event: delta/,
      new http.Agent(),
    );
    await timeToFirst(
      fakePort,
      '/v1/chat/completions',
      {},
      { model: 'fake', stream: true, messages: [{ role: 'user', content: 'warm' }] },
      /"content":"[^"]/,
      direct,
    );

    agents.push(...readers.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 })));
    const ask = async (i: number) => {
      const r = Math.floor(i / perReader);
      const modelFirst = await timeToFirst(
        fakePort,
        '/v1/chat/completions',
        {},
        {
          model: 'fake',
          stream: true,
          stream_options: { include_usage: true },
          messages: [{ role: 'user', content: `question ${i}` }],
        },
        /"content":"[^"]/,
        direct,
      );
      const before = fake.requests.length;
      // Questions of a person's own words (not a suggested question, nothing the safety screen or the library answers).
      const message = `In verse ${(i % 30) + 1} of this chapter, how does the writer's wording compare with the Greek of the ${i}th manuscript tradition?`;
      const lectio = await timeToFirst(
        server.port,
        '/api/chat/stream',
        { cookie: readers[r]!.cookieHeader },
        { message, context: { book: 'romans', chapter: 8, verse: (i % 30) + 1, verseText: '' } },
        /event: delta/,
        agents[r]!,
      );
      if (lectio.status !== 200 || Number.isNaN(lectio.ms) || fake.requests.length !== before + 1) {
        throw new Error(
          `question ${i} did not stream from the model (status ${lectio.status}): ${lectio.text.slice(0, 300)}`,
        );
      }
      return { added: lectio.ms - modelFirst.ms, through: lectio.ms, own: modelFirst.ms };
    };
    let asked = 0;
    for (; asked < WARM_UP; asked++) await ask(asked);
    const paced: Array<Awaited<ReturnType<typeof ask>>> = [];
    for (; asked < WARM_UP + questions; asked++) {
      await new Promise((r) => setTimeout(r, PAUSE_MS));
      paced.push(await ask(asked));
    }
    const backToBack: number[] = [];
    for (; asked < WARM_UP + 2 * questions; asked++) backToBack.push((await ask(asked)).added);
    const ms = (xs: number[], p: number) => percentile(xs, p).toFixed(1);
    const added = paced.map((q) => q.added);
    console.log(
      `first token added by Lectio, ${engine}: p50 ${ms(added, 50)} ms, p99 ${ms(added, 99)} ms over ${questions} Premium questions (aim < 20 ms)`,
    );
    console.log(
      `first token through Lectio, ${engine}: p50 ${ms(
        paced.map((q) => q.through),
        50,
      )} ms; the fake model's own: p50 ${ms(
        paced.map((q) => q.own),
        50,
      )} ms; asked back to back, added p50 ${ms(backToBack, 50)} ms, p99 ${ms(backToBack, 99)} ms`,
    );
  } finally {
    for (const a of agents) a.destroy();
    for (const r of readers) r.close();
    await server.kill('SIGTERM');
  }
}

await onBothEngines('first-token.ts', 'first token', measure, async () => {
  direct.destroy();
  await fake.close();
});
