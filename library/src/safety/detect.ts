/**
 * Does a reader's message show they may be in danger? Suicidal thoughts, self-harm, abuse
 * disclosed (coercive control too), a medical emergency, or a question whether to do something
 * dangerous ("Should I pick up snakes at church?"). Checked before anything else on every path of
 * the assistant, in two layers:
 * - the rules below, for clear phrasings: the message read by the normalising tokenizer
 *   (../text/normalise.ts: contractions and informal spellings written out, misspellings corrected
 *   towards the words these rules use), matched against phrase rules over its words; each can be
 *   read and tested, and tools/safety/train.ts prints how often they fire on the training corpus's
 *   hard controls (0.1%: a joke written as 'kms', a wish to die told as long past);
 * - the trained classifier (classifier.ts) for everything the rules do not name: veiled messages,
 *   euphemisms, other voices; its distress score decides between a crisis, a check-in and nothing.
 * tools/safety/train.ts prints the cross-validated figures of both layers together; the held-out
 * test (heldout.test.ts) prints them on messages nobody here wrote.
 */
import type { SafetyCategory } from '@lectio/contracts/safety';
import { correctWord, wordsOf } from '../text/normalise';
import { type SafetyModelFile, type SafetyScore, safetyThresholds, scoreSafety } from './classifier';

interface Rule {
  category: SafetyCategory;
  pattern: RegExp;
  /** Another condition the whole message must meet (a first-person or asking frame). */
  when?: RegExp;
  /** The rule does not apply when this also matches. */
  unless?: RegExp;
}

const alt = (words: string) => `(?:${words})`;

const SELF = alt('myself|my self|my own life|my life');
const INTENT = alt(
  'want|wanted|wanting|going|plan|planning|planned|ready|wish|wishing|long|longing|tempted|thinking|thought|considering|decided|try|trying|tried|attempt|attempted|need|about to|urge|desire',
);
// 'die' as a wish, not the New Testament's 'die to self', a martyr's 'die for Christ', hyperbole's
// 'die of embarrassment', or the start of another word ('diet', 'Dietrich').
const DIE = `(?:die|dying|be dead)\\b(?! of (?:embarrassment|boredom|laughter|laughing|shame|cringe|happiness|excitement))(?! to (?:self|sin|the flesh|the world|my old|our old|my sin|my flesh|my pride|pride|my own desires|myself daily))(?! for (?:christ|jesus|god|the lord|my faith|the faith|the gospel|him|others))`;
const FAMILY = alt(
  'husband|wife|partner|boyfriend|girlfriend|dad|father|mom|mum|mother|stepdad|stepfather|stepmom|stepmother|parent|parents|pastor|priest|minister|elder|youth pastor|youth leader|leader|brother|sister|uncle|aunt|grandfather|grandpa|grandmother|cousin|teacher|coach|spouse|ex|fiance|fiancee|boss|guardian|foster parent|neighbor|neighbour|babysitter|son|daughter',
);
const HARMS = alt(
  'hits|hit|beats|beat|hurts|abuses|abused|abuse|chokes|choked|strangles|strangled|kicks|kicked|slaps|slapped|punches|punched|rapes|raped|molests|molested|threatens|threatened|burns|burned|shoves|shoved|assaults|assaulted|grooms|groomed|stalks|stalked|batters|battered|whips|whipped',
);
const TREATMENT = alt(
  'insulin|medication|medications|medicine|medicines|pills|chemo|chemotherapy|dialysis|treatment|treatments|antidepressants|inhaler|blood thinners|epipen|epi pen|surgery|transfusion|blood transfusion|radiation|antibiotics|lithium|prescription|prescriptions|doctor|doctors|hospital|therapy|cancer treatment',
);
const STOPPING = alt(
  'stop|stopping|stopped|quit|quitting|skip|skipping|throw away|throwing away|threw away|come off|coming off|go off|going off|get off|refuse|refusing|refused|give up|giving up|gave up|flush|not take|not taking|not go to|not see|stop seeing|stop going to|avoid|avoiding',
);
const SNAKES = alt(
  'snake|snakes|serpent|serpents|rattlesnake|rattlesnakes|rattler|rattlers|viper|vipers|cobra|cobras|copperhead|copperheads|adder|adders',
);
const POISONS = alt(
  'poison|poisons|deadly thing|deadly poison|anything deadly|something deadly|bleach|antifreeze|strychnine|rat poison|mms|chlorine dioxide|turpentine|kerosene|gasoline|lye|drain cleaner|weed killer|pesticide',
);
// Someone asking about themselves or whether they should: not a question about what a verse means.
const ASKING =
  /\b(?:should|shall|must|can|could|may|i|we|my|our|me|us|biblical|commanded|required|okay|ok|allowed|safe|going to|plan|planning)\b/;
const FIRST_PERSON = /\b(?:i|me|my|myself|we|us|our|someone|somebody|help|right now)\b/;
// A reader deciding whether to do it themselves, not asking about a practice.
const DECIDING =
  /\b(?:should|shall|must|can|could|may) (?:i|we)\b|\b(?:i|we) (?:will|am going to|are going to|want to|plan to|am planning to|are planning to|have to|need to)\b/;
// Hyperbole and jokes ('this quiz wants me dead lol'): the classifier weighs those, not a rule.
const JOKING =
  /\b(?:lol|lmao|lmfao|rofl|haha\w*|jk|joking|kidding|quiz|homework|exam|exams|test|sermon|class|lecture|meeting|census)\b/;
// Asking what a passage means, not deciding what to do.
const MEANING =
  /\b(?:understand|mean|means|meant|meaning|interpret|interpretation|fulfil\w*|documentary|history|historically)\b/;
// Something past and over ('last year', 'I used to', 'survived'): told, not happening now.
const PAST =
  /\b(?:last (?:year|month|week|summer|winter|spring)|years? ago|months? ago|when i was|used to|survived|survivor|turned out|doing (?:great|well|fine|better) now|is stable|are stable|in recovery|recovered|years clean|testimony|my clients)\b/;

const RULES: Rule[] = [
  // ---- an overdose already taken: an emergency first, whatever else the message says ----
  {
    category: 'medical_emergency',
    pattern:
      /\b(?:took|taken|swallowed) (?:my whole|all of my|all my) (?:prescription|bottle)\b|\b(?:took|taken|swallowed|ate|drank) (?:too many|a lot of|lots of|all my|all of my|all the|a whole bottle of|the whole bottle of|a bottle of|an overdose of|extra) (?:pills|tablets|medication|medicine|sleeping pills|painkillers|tylenol|paracetamol|ibuprofen|insulin|antidepressants|pain pills)\b|\b(?:i|he|she|my \w+) (?:just |has |have |think i |may have |might have )?(?:overdosed|taken an overdose|took an overdose)\b/,
    unless: PAST,
  },
  // ---- suicidal thoughts ----
  {
    category: 'suicide',
    pattern:
      /\b(?:i am|i feel|i have been|i have felt|i was|feeling|been feeling|i get|i keep getting|i keep having|i have) (?:\w+ )?(?:suicidal|thoughts of suicide|thoughts of killing myself)\b|\b(?:thinking|thought) (?:about|of) (?:suicide|committing suicide|killing myself)\b|\bmy suicidal\b/,
  },
  {
    category: 'suicide',
    pattern: new RegExp(`\\b(?:kill|killing|killed|end|ending|take|taking|off|offing) ${SELF}\\b`),
  },
  {
    category: 'suicide',
    pattern:
      /\b(?:hang|hanging|shoot|shooting|drown|drowning|poison|poisoning|overdose|overdosing|starve|starving) myself\b/,
  },
  {
    category: 'suicide',
    pattern: new RegExp(
      `(?:^ |\\bi |\\bjust |\\breally |\\bstill |\\bso |\\bam )(?:\\w+ ){0,2}${INTENT} (?:about |of |to |on )?(?:just )?(?:${DIE}|end it|ending it|end it all|end everything|ending everything|kill myself|not exist|not be alive|not be here|stop living|disappear forever|never wake up|not wake up)`,
    ),
    unless: JOKING,
  },
  { category: 'suicide', pattern: new RegExp(`\\b(?:i|just) (?:want|wish|long) (?:to|i could) ${DIE}`) },
  {
    category: 'suicide',
    pattern: /\bnot want to (?:live|be alive|be here|exist|wake up|go on|keep living|keep going)\b/,
  },
  { category: 'suicide', pattern: /\b(?:tired|sick|weary) of (?:living|life|being alive|this life)\b/ },
  {
    category: 'suicide',
    pattern:
      /\b(?:no|not any|nothing) (?:reason|point|purpose) (?:to|in|of) (?:live|living|go on|going on|being alive|life|keep going)\b|\bnothing (?:left )?to live for\b|\bwhat is the point of (?:living|life|going on|being alive)\b|\blife (?:is|is not|is no longer) (?:not |no longer )?worth (?:living|it)\b/,
    unless: /\bwhat does\b/,
  },
  {
    category: 'suicide',
    pattern:
      /\b(?:better off|be better) (?:dead|without me)\b|\b(?:nobody|no one|noone) (?:would|will|is going to) (?:miss|care about|notice) me\b|\bwould not miss me\b/,
  },
  {
    category: 'suicide',
    pattern:
      /\bwish i (?:was|were|had) (?:dead|never been born|not been born|gone|not alive|never existed)\b|\bwish i could (?:just )?(?:die|disappear|not wake up|never wake up|go to sleep and never wake up)\b|\b(?:sleep|go to sleep) and (?:never|not) wake up\b/,
  },
  {
    category: 'suicide',
    pattern:
      /\bcan not (?:go on|keep living|live like this)(?: any ?more| any longer)\b|\bcan not (?:go on|keep living) living\b/,
  },
  {
    category: 'suicide',
    pattern:
      /\b(?:jump|jumping) (?:off|from|in front of) (?:a |the |my )?(?:bridge|building|roof|cliff|train|car|balcony|window|truck)\b|\b(?:slit|slash|slitting|slashing|cut|cutting) my wrists?\b|\b(?:gun|pistol) to my head\b|\bhow many (?:pills|tablets|sleeping pills|painkillers) (?:would it take|to die|does it take|is lethal|are lethal|to overdose|would kill)\b|\b(?:lethal|deadly|fatal) (?:dose|amount)\b/,
    unless: JOKING,
  },
  {
    category: 'suicide',
    pattern:
      /\b(?:want|ready|wish|longing) to (?:go to heaven|go home to (?:jesus|god|the lord)|be with (?:jesus|christ|god|the lord)|depart(?: and be with (?:christ|jesus))?) (?:now|today|tonight|right now|already)\b/,
  },
  {
    category: 'suicide',
    pattern:
      /\b(?:done with (?:life|living|it all)|rather be dead|would rather die|feel like dying|(?:want|need) (?:it all|everything|the pain|this) to (?:stop|end) (?:permanently|forever)|end things|ending things|(?:happier|better|easier) (?:if|when) i (?:was|were|am) (?:gone|dead)|(?:see|find) (?:the |any |no )?point in (?:going on|living|life))\b/,
  },
  {
    category: 'suicide',
    pattern:
      /\b(?:want|going|plan|planning) to (?:take|swallow) (?:all|a bottle|a whole bottle|the whole bottle|too many)\b/,
  },

  // ---- self-harm ----
  {
    category: 'self_harm',
    pattern:
      /\b(?:cut|cutting|burn|burning|hurt|hurting|harm|harming|hit|hitting|punish|punishing|scratch|scratching|whip|whipping|flog|flogging|bruise|bruising) (?:myself|my self|my arms?|my wrists?|my legs?|my thighs?|my skin|my body)\b/,
    // Not the reader's denial, nor an accident ('I hurt myself playing football').
    unless: new RegExp(
      `${PAST.source}|\\b(?:am|was) not (?:hurting|harming|cutting) myself\\b|\\bhurt myself (?:playing|at the gym|at practice|at work|by accident|in (?:a|the) (?:fall|game|match|accident))\\b|\\baccidentally\\b`,
    ),
  },
  {
    category: 'self_harm',
    pattern:
      /\b(?:i|i have been|i am|i still|i keep|been|started|my) (?:\w+ )?self (?:harm|harming|injury|injure|injuring|mutilation|mutilate|mutilating)\b/,
    // Someone else's ('she has been self-harming'): a reader asking how to help.
    unless: new RegExp(
      `${PAST.source}|\\b(?:she|he|they|friend|son|daughter|brother|sister) (?:has |have |is |are |had )?been self`,
    ),
  },
  {
    category: 'self_harm',
    pattern:
      /\b(?:cut|cutting|chop|chopping) off my (?:hand|hands|arm|arms|foot|feet|leg|legs|finger|fingers)\b|\b(?:pluck|plucking|gouge|gouging|tear|tearing|poke|rip) out my (?:eye|eyes)\b|\bcastrate (?:myself|me)\b|\bmake myself (?:a )?eunuch\b/,
  },
  {
    category: 'self_harm',
    pattern:
      /\b(?:been|started|keep|kept|am|was) cutting (?:again|myself)\b|\bcutting again\b|\b(?:been|started|keep) cutting\s*$/,
  },

  // ---- abuse disclosed ----
  {
    category: 'abuse',
    pattern: new RegExp(
      `\\bmy ${FAMILY}(?: \\w+){0,3} ${HARMS} (?:me|us|my (?:kids|children|son|daughter|mom|mother|baby))\\b`,
    ),
  },
  {
    category: 'abuse',
    pattern:
      /\b(?:he|she|they) (?:hits|beats|hurts|abuses|abused|chokes|choked|strangles|kicks|slaps|punches|rapes|raped|molests|molested|threatens to kill|batters) me\b/,
  },
  {
    category: 'abuse',
    pattern:
      /\bi am (?:being |getting )?(?:abused|beaten|raped|molested|assaulted|trafficked|groomed)\b|\bi (?:was|have been|got) (?:abused|raped|molested|sexually assaulted|assaulted|trafficked|beaten up)\b/,
  },
  {
    category: 'abuse',
    pattern: new RegExp(
      `\\b(?:afraid|scared|terrified|frightened) (?:of|to go home to|to be home with|to leave) my ${FAMILY}\\b`,
    ),
  },
  {
    category: 'abuse',
    pattern:
      /\b(?:i am|i live|i am living|i am stuck|i am still|we are) (?:\w+ )?in an? abusive\b|\bmy abusive (?:marriage|relationship|husband|wife|partner|boyfriend|girlfriend|home|parents?|father|mother|dad|mom)\b/,
    unless: PAST,
  },
  {
    category: 'abuse',
    pattern:
      /\b(?:touches|touched|touching) me (?:in|where|inappropriately|sexually|down there|in private)\b|\b(?:forced|forces|makes|made) me (?:to )?(?:have sex|do sexual|touch him|touch her|watch porn)\b/,
  },

  // ---- medical emergency ----
  {
    category: 'medical_emergency',
    pattern:
      /\bchest\b(?: \w+){0,4} (?:pain|pains|tight|tightness|hurts|hurting|pressure|crushing|heavy|squeezing)\b|\b(?:pain|tightness|pressure|crushing) in (?:my|his|her) chest\b/,
    when: /\b(?:arm|arms|jaw|numb|sweat|sweating|sweaty|breath|breathe|breathing|dizzy|sick|faint)\b/,
    unless: PAST,
  },
  {
    category: 'medical_emergency',
    pattern:
      /\b(?:faint|fainted|fainting|faints|passed out|pass out|passing out|black out|blacked out|blacking out|collapsed|collapsing)\b/,
    when: /\b(?:fast|fasting|fasted|no food|no water|not eaten|not eating|without food|without water|not drunk|not drinking)\b/,
    unless: PAST,
  },
  {
    category: 'medical_emergency',
    pattern:
      /\b(?:face|mouth) (?:is |has )?(?:drooping|droops|drooped)\b|\bslurred speech\b|\b(?:speech|words) (?:is |are )?slurr\w*\b|\bcan not (?:move|feel) (?:my|his|her) (?:arm|leg|side|face)\b/,
    unless: PAST,
  },
  {
    category: 'medical_emergency',
    pattern:
      /\b(?:chest pain|chest hurts|having a heart attack|having a stroke|can not breathe|can not breath|struggling to breathe|not breathing|stopped breathing|is unconscious|unresponsive|passed out|having a seizure|bleeding (?:badly|heavily|a lot|everywhere)|will not stop bleeding|anaphylaxis|anaphylactic|throat is closing|allergic reaction)\b/,
    when: FIRST_PERSON,
    unless: PAST,
  },
  {
    category: 'medical_emergency',
    pattern: /\b(?:i|my \w+|someone|somebody) (?:was|got|has been|have been|just got|just) (?:bitten|bit) by\b/,
  },
  {
    category: 'medical_emergency',
    pattern: new RegExp(`\\b(?:i|my \\w+|someone|somebody) (?:drank|swallowed|ate|drunk) (?:some )?${POISONS}\\b`),
  },

  // ---- dangerous practices ----
  {
    category: 'dangerous_practice',
    pattern: new RegExp(
      `\\b(?:pick|picking|picked|take|taking|took|handle|handles|handling|handled|hold|holding|held|touch|touching|grab|grabbing|play|playing) (?:up )?(?:with )?(?:a |the |some |venomous |poisonous |live |deadly )*${SNAKES}\\b|\\b(?:snake|serpent) handl(?:ing|er|ers)\\b`,
    ),
    when: DECIDING,
    unless: MEANING,
  },
  {
    category: 'dangerous_practice',
    pattern: new RegExp(
      `\\b(?:drink|drinking|take|taking|eat|eating|swallow|swallowing) (?:a |some |any )?${POISONS}\\b`,
    ),
    when: ASKING,
  },
  {
    category: 'dangerous_practice',
    pattern: new RegExp(
      `\\b(?:i|we|i am|we are|i have|we have)(?: \\w+){0,3} ${STOPPING}(?: taking| using| going to| seeing)?(?: my| our| his| her| their| the| all| all my)?(?: \\w+)? ${TREATMENT}\\b`,
    ),
    when: ASKING,
    // Stopping as the doctor said, or when the course ended, is not refusing treatment.
    unless: new RegExp(
      `${MEANING.source}|\\b(?:doctor|doctors|gp|psychiatrist|consultant) (?:said|says|told me|agreed|advised)(?: that)? (?:i|we) (?:can|could|should|may)\\b|\\b(?:when|after|because|once) the course (?:finished|ended|was over|was done)\\b`,
    ),
  },
  {
    category: 'dangerous_practice',
    pattern: new RegExp(
      `\\b(?:instead of|rather than)(?: \\w+){0,5}? (?:${TREATMENT}|ambulance|911|emergency room|er)\\b`,
    ),
    when: /\b(?:pray|praying|prayer|faith|trust|god|jesus|heal|healing|anoint|anointing)\b/,
  },
  {
    category: 'dangerous_practice',
    pattern:
      /\b(?:fast|fasting|fasted)(?: \w+){0,3} (?:without|from) (?:water|drinking|liquids|fluids)\b|\b(?:no|without) (?:water|food or water|food and water|food)(?: \w+){0,3} (?:for )?(?:\d+|three|four|five|seven|ten|twenty|thirty|forty) days\b|\b(?:forty|40) days? (?:fast|fasting|without food|without eating|without water)\b/,
    when: /\b(?:i|we) (?:am|are|will|want|plan|have|started|start|must|need)\b|\b(?:should|shall|must|can) (?:i|we)\b|\bmy (?:fast|fasting)\b/,
  },
  {
    category: 'dangerous_practice',
    pattern:
      /\b(?:beat|beating|burn|burning|starve|starving|choke|choking|drown|drowning|whip|whipping|hit|hitting) (?:the |a )?(?:demons?|devils?|evil spirits?|spirits?) out\b/,
  },
  { category: 'dangerous_practice', pattern: /\b(?:throw|jump|cast) myself (?:down|off)\b/ },
];

/** The words the rules are written in: what a misspelt word is corrected towards. */
const LEXICON: ReadonlySet<string> = new Set(
  RULES.flatMap((r) => [r.pattern, r.when, r.unless])
    .filter((p): p is RegExp => p !== undefined)
    .flatMap((p) => p.source.replace(/\\[a-zA-Z]/g, ' ').match(/[a-z]{3,}/g) ?? []),
);

/** The message's words, normalised and spell-corrected, as the rules read them. */
export function safetyReading(message: string): string {
  return ` ${wordsOf(message)
    .map((w) => correctWord(w, LEXICON))
    .join(' ')} `;
}

/** The rules alone: the first concern a clear phrasing shows, by the order above, or null. */
export function ruleConcern(message: string): SafetyCategory | null {
  const text = safetyReading(message.slice(0, 4000));
  for (const rule of RULES) {
    if (!rule.pattern.test(text)) continue;
    if (rule.when && !rule.when.test(text)) continue;
    if (rule.unless && rule.unless.test(text)) continue;
    return rule.category;
  }
  return null;
}

/**
 * 'crisis': the reader may be in danger; they get care and helplines instead of an answer.
 * 'check_in': partial evidence; the answer still answers, but opens with a short, warm check-in
 * and the helplines, and leaves out what should not stand beside distress (distress.ts).
 */
export type SafetyBand = 'crisis' | 'check_in';

export interface SafetySignal {
  band: SafetyBand;
  category: SafetyCategory;
}

/**
 * How the layers combine: a rule's clear phrasing is a crisis; otherwise the classifier's distress
 * log-odds against the two thresholds the training script chose on cross-validation. The training
 * script measures this same function, so its figures are the whole check's.
 */
export function combineSafety(
  rule: SafetyCategory | null,
  score: Pick<SafetyScore, 'distress' | 'category'>,
  thresholds: SafetyModelFile['thresholds'],
): SafetySignal | null {
  if (rule) return { band: 'crisis', category: rule };
  if (score.distress >= thresholds.crisis) return { band: 'crisis', category: score.category };
  if (score.distress >= thresholds.checkIn) return { band: 'check_in', category: score.category };
  return null;
}

/** The safety check every message goes through first, on every path: the rules, then the trained classifier. */
export function checkSafety(message: string): SafetySignal | null {
  return combineSafety(ruleConcern(message), scoreSafety(message), safetyThresholds());
}
