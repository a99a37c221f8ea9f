import type { CommunicationStyle, ExpertAnswerParts, FaithJourney } from './types';

/**
 * One expert answer from its parts, for one faith journey and communication style. All 12 pairs
 * differ: the style picks how much of the common ground is said (summary; + explanation; + depth
 * and traditions), the journey picks its own focus (terms, practice, connections, scholarship).
 * Unset preferences read as a growing believer who likes a moderate answer.
 */
export function composeExpertAnswer(parts: ExpertAnswerParts, journey: FaithJourney | null | undefined, style: CommunicationStyle | null | undefined): string {
  const j = journey ?? 'growing_believer';
  const s = style ?? 'moderate';
  const out: string[] = [parts.summary];
  if (s !== 'simple') out.push(parts.explanation);
  if (s === 'scholarly' || j === 'bible_scholar') out.push(parts.depth);
  switch (j) {
    case 'new_to_christianity': {
      const terms = s === 'simple' ? parts.terms.slice(0, 2) : parts.terms;
      out.push(['Words worth knowing:', ...terms.map((t) => `- ${t.term}: ${t.meaning}`)].join('\n'));
      break;
    }
    case 'growing_believer':
      out.push(`Putting it into practice: ${parts.application}`);
      break;
    case 'mature_christian':
      out.push(`Across Scripture: ${parts.connections}`);
      break;
    case 'bible_scholar':
      out.push(`Across Scripture: ${parts.connections}`);
      break;
  }
  if (parts.traditions && (s === 'scholarly' || j === 'bible_scholar' || j === 'mature_christian')) {
    out.push(`How Christians read it: ${parts.traditions}`);
  } else if (parts.traditions && s === 'moderate') {
    out.push(`Christians read this in more than one way: ${parts.traditions}`);
  } else if (parts.traditions) {
    // Even the shortest answer says that readings differ, so no tradition's reading passes as the only one.
    out.push(`Christians read this in more than one way: ${firstSentence(parts.traditions)}`);
  }
  return out.join('\n\n');
}

function firstSentence(text: string): string {
  const m = /^.*?[.!?](\s|$)/.exec(text);
  return (m ? m[0] : text).trim();
}
