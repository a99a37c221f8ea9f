/**
 * The answer to a reader in danger: care and the helplines first, a plain word where Scripture is
 * misread as commanding something dangerous, then, gently, Scripture that comforts, quoted from our
 * own text in the reader's translation. The helplines are contracts/src/safety.ts's, so the web
 * turns the same numbers into links. The simple style shortens the explanation, never the help.
 */
import { EMERGENCY_LINE, SAFETY_RESOURCES, type SafetyCategory } from '@lectio/contracts/safety';
import type { CommunicationStyleValue } from '@lectio/contracts/assistant';
import type { Translation } from '../bible';
import { quoteVerse } from '../quote';

const OPENING: Record<SafetyCategory, string> = {
  suicide:
    "I'm really glad you told me. What you are feeling matters, and you do not have to carry it alone. If you are thinking about ending your life, please reach out to someone right now:",
  self_harm:
    'Thank you for telling me. Hurting yourself shows how much pain you are carrying, and you deserve care, not punishment. Please talk to someone who can help, today:',
  abuse:
    'Thank you for trusting me with this. What is happening to you is wrong, it is not your fault, and you deserve to be safe. These lines are free and confidential, and they can help you make a plan to be safe:',
  medical_emergency:
    'Please call your local emergency number now (911 in the US and Canada, 999 in the UK, 112 in Ireland and across Europe), or ask someone near you to call. This sounds like a medical emergency, and praying and calling for help go together.',
  dangerous_practice:
    'Please do not do this. Scripture does not command anyone to handle snakes, drink poison, stop taking medicine, refuse a doctor, go without water, or otherwise put their life at risk to prove their faith.',
};

const AFTER_HELP: Record<SafetyCategory, string> = {
  suicide:
    'You could also tell one person you trust today: a friend, a family member, a pastor or a doctor. Reaching out is not a lack of faith.',
  self_harm:
    "Jesus' words about cutting off a hand or tearing out an eye (Matthew 5:29-30) are a picture of turning away from sin, not a command to harm your body; Christians of every tradition read them that way.",
  abuse:
    "Being threatened, locked in, cut off from your phone, your money or the people you love, or told to keep it secret, even by a relative or a church leader, is abuse too. No reading of Scripture requires anyone to stay where they are being hurt. Catholic, Orthodox and Protestant church leaders alike teach that the Bible's words on submission and forgiveness (Ephesians 5:21-33, Matthew 18:21-22) never mean accepting violence: forgiving someone does not mean staying in danger, and Ephesians 5:25 calls a husband to love his wife as Christ loved the church and gave himself up for her.",
  medical_emergency:
    'If someone has swallowed something harmful, Poison Control can tell you what to do while help is on its way.',
  dangerous_practice:
    "Mark 16:17-18 speaks of signs that would accompany believers, and Paul survived a viper's bite on Malta (Acts 28:3-6) without seeking it; neither is a test to perform. When the devil urged Jesus to throw himself from the temple to prove that God would catch him, Jesus refused to put God to the test (Matthew 4:5-7). Luke, who wrote two books of the New Testament, was a physician (Colossians 4:14), and Jesus said that it is the sick who need a doctor (Mark 2:17). Almost every church, Catholic, Orthodox and Protestant alike, reads these passages this way and teaches that medicine is one of the ways God cares for us. Before changing any treatment, talk to your doctor.",
};

type VerseKey = [bookId: string, chapter: number, verse: number, clause?: RegExp];

/** The Scripture each answer ends with; a clause, when given, is the start of the verse up to it. */
const COMFORT: Record<SafetyCategory, VerseKey[]> = {
  suicide: [
    ['psalms', 34, 18],
    ['matthew', 11, 28],
  ],
  self_harm: [
    ['psalms', 147, 3],
    ['romans', 8, 1, /^There is therefore now no condemnation to (?:those|them) (?:who|which) are in Christ Jesus/],
  ],
  abuse: [
    ['psalms', 9, 9],
    ['psalms', 34, 18],
  ],
  medical_emergency: [['psalms', 46, 1]],
  dangerous_practice: [['psalms', 46, 1]],
};

const COMFORT_LEAD: Record<SafetyCategory, string> = {
  suicide:
    'When you are ready, these words are for you. Even Jesus cried out to God in anguish on the cross (Matthew 27:46); bringing your pain to God is prayer, not failure.',
  self_harm: 'When you are ready, these words are for you.',
  abuse: 'When you are ready, these words are for you.',
  medical_emergency: 'When help is on its way:',
  dangerous_practice: 'And a word to hold on to:',
};

/** The whole answer to a message that showed this concern. */
export function safetyAnswer(
  category: SafetyCategory,
  options: { translation: Translation; style: CommunicationStyleValue | null },
): string {
  const simple = options.style === 'simple';
  const help = [EMERGENCY_LINE, ...SAFETY_RESOURCES[category].map((r) => r.line)].map((line) => `- ${line}`).join('\n');
  const verses = COMFORT[category]
    .slice(0, simple ? 1 : undefined)
    .map(([bookId, chapter, verse, clause]) => quoteVerse(options.translation, bookId, chapter, verse, clause))
    .filter((v): v is string => v !== null);
  const parts = [OPENING[category], help];
  if (!simple || category === 'dangerous_practice' || category === 'suicide' || category === 'abuse')
    parts.push(simple ? firstSentence(AFTER_HELP[category]) : AFTER_HELP[category]);
  if (verses.length > 0)
    parts.push(`${simple ? 'These words are for you:' : COMFORT_LEAD[category]} ${verses.join(' ')}`);
  return parts.join('\n\n');
}

function firstSentence(text: string): string {
  return /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
}

/** The check-in's first words, for a message that shows some sign of distress but asks something else. */
const CHECK_IN: Record<SafetyCategory, string> = {
  suicide:
    "If you're carrying something heavy right now, you don't have to carry it alone. If you ever think about ending your life, please talk to someone today; reaching out is not a lack of faith:",
  self_harm:
    "If you're carrying something heavy right now, you don't have to carry it alone, and you deserve care, not punishment. If you are hurting yourself, please talk to someone today:",
  abuse:
    'If someone is hurting you, controlling you or making you afraid, even a relative or a church leader, it is not your fault, and you deserve to be safe. These lines are free and confidential:',
  medical_emergency:
    'If you or someone with you may be in danger right now, call your local emergency number first: 911 in the US and Canada, 999 in the UK, 112 in Ireland and across Europe.',
  dangerous_practice:
    "Before anything else: Scripture never asks you to put your life or health at risk to prove your faith, and it's wise to talk to a doctor before changing any treatment.",
};

/**
 * The short, warm check-in an answer opens with when a message shows some sign of distress (the
 * check-in band): a sentence of care, then the emergency number and the helplines, whatever the
 * style. The answer to the question follows it.
 */
export function checkInText(category: SafetyCategory, style: CommunicationStyleValue | null): string {
  const help = [EMERGENCY_LINE, ...SAFETY_RESOURCES[category].map((r) => r.line)].map((line) => `- ${line}`).join('\n');
  const then = style === 'simple' ? 'Now, your question:' : 'And now, to your question:';
  return [CHECK_IN[category], help, then].join('\n\n');
}
