/**
 * The safety classifier's training corpus: every .jsonl file of tools/safety/corpus/, one message a
 * line, `{text, label: suicide|self_harm|abuse|medical_emergency|dangerous_practice|none, form}`.
 * Forms: direct, veiled (crisis messages), control (hard controls: Scripture's deaths, hyperbole,
 * grief...) and question (ordinary reader questions).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { SAFETY_CATEGORIES, type SafetyCategory } from '@lectio/contracts/safety';

export const LABELS = ['none', ...SAFETY_CATEGORIES] as const;
export type Label = 'none' | SafetyCategory;
export type Form = 'direct' | 'veiled' | 'control' | 'question';

export interface CorpusMessage {
  text: string;
  label: Label;
  form: Form;
  file: string;
}

const FORMS: readonly string[] = ['direct', 'veiled', 'control', 'question'];
const isLabel = (s: unknown): s is Label => LABELS.some((l) => l === s);
const isForm = (s: unknown): s is Form => typeof s === 'string' && FORMS.includes(s);

export const CORPUS_DIR = new URL('./corpus/', import.meta.url);

export function readCorpus(): CorpusMessage[] {
  const files = readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  return files.flatMap((file) =>
    readFileSync(new URL(file, CORPUS_DIR), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((line, i) => {
        const row: unknown = JSON.parse(line);
        if (typeof row !== 'object' || row === null || !('text' in row) || !('label' in row) || !('form' in row))
          throw new Error(`${file}:${i + 1}: not a message`);
        const { text, label, form } = row;
        if (typeof text !== 'string' || !isLabel(label) || !isForm(form))
          throw new Error(`${file}:${i + 1}: bad text, label or form`);
        // A control or question is never a crisis; a crisis message is direct or veiled.
        const crisisForm = form === 'direct' || form === 'veiled';
        return { text, label, form: label === 'none' && crisisForm ? 'question' : form, file };
      }),
  );
}
