/**
 * A reader asking for the words themselves of a verse the question does not name: the one open or
 * its neighbour ('quote it', 'exact text please', 'the kjv of this verse verbatim', 'what's the next
 * verse say?', 'the verse right before this one, exact wording'). The classifier reads the words, not
 * the verse they point at, and took such questions for a follow-up, a personal question or off-topic.
 * Which verse is meant (the next, the one before) is versesOfChapter's to read.
 */

/** Asks for exact words, not what they mean. */
const WORDING =
  /\b(?:quote (?:it|this|that|me|for me|(?:the |this |that )?(?:verse|next|following|previous))|verbatim|word[- ]for[- ]word|exact (?:text|words?|wording|quote)|exactly (?:what (?:it|this|that) says|how (?:it|this|that) (?:reads|goes))|(?:text|wording) of (?:this|that|the) verse|read (?:it|this|that|this verse|that verse) (?:out |aloud |to me)|how (?:does|did) (?:it|this|this verse|that verse|the (?:next|following|previous) verse) (?:read|go))\b/i;
/** 'What does the next verse say?' asks its words too, when it asks nothing about them ('... say about love?'). */
const NEIGHBOUR_SAYS =
  /\bwhat(?:'s|s|\s+does|\s+did|\s+is)?\s+(?:the\s+)?(?:next|following|previous|preceding)\s+(?:verse|one)\s+(?:say|says|said)\b(?!\s+about)/i;

/** Whether the question asks for a verse's words as they stand. */
export function asksWording(question: string): boolean {
  // 'Why did Jesus quote that psalm?' asks for reasons.
  if (/^\s*(?:why|how come|who|when)\b/i.test(question)) return false;
  // 'Isn't this psalm repeated somewhere almost word for word?' sets two passages side by side.
  if (/\b(?:repeat\w*|same|identical|almost|nearly|copied|elsewhere|somewhere)\b/i.test(question)) return false;
  // 'What's the shortest verse in the Bible? Quote it': a verse to find first.
  if (/\b(?:shortest|longest|first|last|famous|favou?rite|best known)\b|\bwhich verse\b|\bwhere\b/i.test(question))
    return false;
  return WORDING.test(question) || NEIGHBOUR_SAYS.test(question);
}
