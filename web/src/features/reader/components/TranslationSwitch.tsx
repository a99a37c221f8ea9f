import { SegmentedChoice } from '../../../components/SegmentedChoice';
import { TRANSLATION_CHOICES, type Translation } from '../state/readerUrl';

const CHOICES = TRANSLATION_CHOICES.map((t) => ({
  id: t.id,
  label: `${t.label} (${t.name})`,
  content: t.label,
  title: t.name,
}));

/** WEB / KJV. */
export function TranslationSwitch({ value, onChange }: { value: Translation; onChange(t: Translation): void }) {
  return (
    <SegmentedChoice
      legend="Translation"
      name="translation"
      choices={CHOICES}
      value={value}
      onChange={onChange}
      columns={2}
    />
  );
}
