import { SegmentedChoice } from '../../../components/SegmentedChoice';
import { TEXT_SIZES, useTextSize } from '../../../lib/textSize';

const GLYPH_SIZE = { small: 'text-xs', medium: 'text-sm', large: 'text-base', larger: 'text-lg' } as const;
const CHOICES = TEXT_SIZES.map((s) => ({
  id: s.id,
  label: `${s.label} text`,
  title: s.label,
  content: <span className={GLYPH_SIZE[s.id]}>A</span>,
}));

/** The size of the Bible text, four steps. */
export function TextSizeSwitch() {
  const [size, setSize] = useTextSize();
  return (
    <SegmentedChoice
      legend="Text size"
      name="text-size"
      choices={CHOICES}
      value={size}
      onChange={setSize}
      columns={4}
      itemClassName="grid h-8 place-items-center font-serif"
    />
  );
}
