/**
 * Does a reader's message show they may be in danger? Suicidal thoughts, self-harm, abuse
 * disclosed, a medical emergency, or a question whether to do something dangerous ("Should I pick
 * up snakes at church?"). Checked before anything else on every path of the assistant.
 *
 * How: the message is read by the normalising tokenizer (../text/normalise.ts: contractions and
 * informal spellings written out, misspellings corrected towards the words these rules use), then
 * matched against phrase rules written as regular expressions over its words. Rules, not a trained
 * classifier: every decision can be read, explained and tested phrase by phrase, nothing is
 * downloaded at run time, and a missed phrasing is fixed by a rule and a corpus line
 * (safety-corpus.ts), whose precision and recall the test prints.
 */
import type { SafetyCategory } from '@lectio/contracts/safety';
import { correctWord, wordsOf } from '../text/normalise';

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
  'want|wanted|wanting|going|plan|planning|planned|ready|wish|wishing|long|longing|tempted|thinking|thought|considering|decided|try|trying|tried|attempt|attempted|need|about|urge|desire',
);
// 'die' as a wish, not the New Testament's 'die to self' or a martyr's 'die for Christ'.
const DIE = `(?:die|dying|be dead)(?! to (?:self|sin|the flesh|the world|my old|our old|my sin|my flesh|my pride|pride|my own desires|myself daily))(?! for (?:christ|jesus|god|the lord|my faith|the faith|the gospel|him|others))`;
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
const SNAKES = alt('snake|snakes|serpent|serpents|rattlesnake|rattlesnakes|rattler|rattlers|viper|vipers|cobra|cobras|copperhead|copperheads|adder|adders');
const POISONS = alt(
  'poison|poisons|deadly thing|deadly poison|anything deadly|something deadly|bleach|antifreeze|strychnine|rat poison|mms|chlorine dioxide|turpentine|kerosene|gasoline|lye|drain cleaner|weed killer|pesticide',
);
// Someone asking about themselves or whether they should: not a question about what a verse means.
const ASKING = /\b(?:should|shall|must|can|could|may|i|we|my|our|me|us|biblical|commanded|required|okay|ok|allowed|safe|going to|plan|planning)\b/;
const FIRST_PERSON = /\b(?:i|me|my|myself|we|us|our|someone|somebody|help|right now)\b/;
// People of Scripture who took their own lives: a question about them is not a reader in danger.
const SCRIPTURE_NARRATIVE = /\b(?:judas|saul|samson|ahithophel|zimri|abimelech|jailer|razis)\b/;

const RULES: Rule[] = [
  // ---- suicidal thoughts ----
  {
    category: 'suicide',
    pattern: /\b(?:suicide|suicidal|suicidality)\b/,
    unless: SCRIPTURE_NARRATIVE,
  },
  { category: 'suicide', pattern: new RegExp(`\\b(?:kill|killing|killed|end|ending|take|taking|off|offing) ${SELF}\\b`) },
  { category: 'suicide', pattern: /\b(?:hang|hanging|shoot|shooting|drown|drowning|poison|poisoning|overdose|overdosing|starve|starving) myself\b/ },
  {
    category: 'suicide',
    pattern: new RegExp(
      `\\b${INTENT} (?:about |of |to |on )?(?:just )?(?:${DIE}|end it|ending it|end it all|end everything|ending everything|kill myself|not exist|not be alive|not be here|stop living|disappear forever|never wake up|not wake up)`,
    ),
  },
  { category: 'suicide', pattern: new RegExp(`\\b(?:i|just) (?:want|wish|long) (?:to|i could) ${DIE}`) },
  { category: 'suicide', pattern: /\bnot want to (?:live|be alive|be here|exist|wake up|go on|keep living|keep going)\b/ },
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
      /\bcan not (?:go on|keep going|keep living|live like this|do this|take it|take this|bear it|cope)(?: any ?more| any longer)\b|\bcan not (?:go on|keep living) living\b/,
  },
  {
    category: 'suicide',
    pattern:
      /\b(?:jump|jumping) (?:off|from|in front of) (?:a |the |my )?(?:bridge|building|roof|cliff|train|car|balcony|window|truck)\b|\b(?:slit|slash|slitting|slashing|cut|cutting) my wrists?\b|\b(?:gun|pistol) to my head\b|\bhow many (?:pills|tablets|sleeping pills|painkillers) (?:would it take|to die|does it take|is lethal|are lethal|to overdose|would kill)\b|\b(?:lethal|deadly|fatal) (?:dose|amount)\b/,
  },
  {
    category: 'suicide',
    pattern:
      /\b(?:want|ready|wish|longing) to (?:go to heaven|go home to (?:jesus|god|the lord)|be with (?:jesus|christ|god|the lord)|depart(?: and be with (?:christ|jesus))?) (?:now|today|tonight|right now|already)\b/,
  },
  {
    category: 'suicide',
    pattern:
      /\b(?:done with (?:life|living|it all)|rather be dead|would rather die|feel like dying|(?:want|need) (?:it all|everything|the pain|this) to (?:stop|end) (?:permanently|forever)|end things|ending things|wants? me dead|(?:happier|better|easier) (?:if|when) i (?:was|were|am) (?:gone|dead)|(?:see|find) (?:the |any |no )?point in (?:going on|living|life))\b/,
  },
  { category: 'suicide', pattern: /\b(?:kill|killed|killing|kills) themselves\b|\bmy \w+ (?:killed|hanged|shot) (?:himself|herself|themselves)\b/ },
  { category: 'suicide', pattern: /\b(?:want|going|plan|planning) to (?:take|swallow) (?:all|a bottle|a whole bottle|the whole bottle|too many)\b/ },

  // ---- self-harm ----
  {
    category: 'self_harm',
    pattern:
      /\b(?:cut|cutting|burn|burning|hurt|hurting|harm|harming|hit|hitting|punish|punishing|scratch|scratching|starve|starving|whip|whipping|flog|flogging|beat|beating|bruise|bruising) (?:myself|my self|my arms?|my wrists?|my legs?|my thighs?|my skin|my body)\b/,
  },
  { category: 'self_harm', pattern: /\bself (?:harm|harming|injury|injure|injuring|mutilation|mutilate|mutilating)\b/ },
  {
    category: 'self_harm',
    pattern:
      /\b(?:cut|cutting|chop|chopping) off my (?:hand|hands|arm|arms|foot|feet|leg|legs|finger|fingers)\b|\b(?:pluck|plucking|gouge|gouging|tear|tearing|poke|rip) out my (?:eye|eyes)\b|\bcastrate (?:myself|me)\b|\bmake myself (?:a )?eunuch\b/,
  },
  { category: 'self_harm', pattern: /\b(?:been|started|keep|kept|am|was) cutting (?:again|myself)\b|\bcutting again\b|\b(?:been|started|keep) cutting\s*$/ },

  // ---- abuse disclosed ----
  { category: 'abuse', pattern: new RegExp(`\\bmy ${FAMILY}(?: \\w+){0,3} ${HARMS} (?:me|us|my (?:kids|children|son|daughter|mom|mother|baby))\\b`) },
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
  { category: 'abuse', pattern: new RegExp(`\\b(?:afraid|scared|terrified|frightened) (?:of|to go home to|to be home with|to leave) my ${FAMILY}\\b`) },
  {
    category: 'abuse',
    pattern:
      /\b(?:domestic|sexual|physical|spiritual|emotional) (?:abuse|violence)\b|\babusive (?:marriage|relationship|husband|wife|partner|boyfriend|girlfriend|home|parents?|father|mother|dad|mom)\b/,
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
      /\b(?:took|taken|swallowed) (?:my whole|all of my|all my) (?:prescription|bottle)\b|\b(?:took|taken|swallowed|ate|drank) (?:too many|a lot of|lots of|all my|all of my|all the|a whole bottle of|the whole bottle of|a bottle of|an overdose of|extra) (?:pills|tablets|medication|medicine|sleeping pills|painkillers|tylenol|paracetamol|ibuprofen|insulin|antidepressants|pain pills)\b|\b(?:overdose|overdosed|overdosing)\b/,
  },
  {
    category: 'medical_emergency',
    pattern:
      /\b(?:chest pain|chest hurts|heart attack|having a stroke|can not breathe|can not breath|struggling to breathe|not breathing|stopped breathing|is unconscious|unresponsive|passed out|having a seizure|bleeding (?:badly|heavily|a lot|everywhere)|will not stop bleeding|anaphylaxis|anaphylactic|throat is closing|allergic reaction)\b/,
    when: FIRST_PERSON,
  },
  { category: 'medical_emergency', pattern: /\b(?:i|my \w+|someone|somebody) (?:was|got|has been|have been|just got|just) (?:bitten|bit) by\b/ },
  { category: 'medical_emergency', pattern: new RegExp(`\\b(?:i|my \\w+|someone|somebody) (?:drank|swallowed|ate|drunk) (?:some )?${POISONS}\\b`) },

  // ---- dangerous practices ----
  {
    category: 'dangerous_practice',
    pattern: new RegExp(
      `\\b(?:pick|picking|picked|take|taking|took|handle|handles|handling|handled|hold|holding|held|touch|touching|grab|grabbing|play|playing) (?:up )?(?:with )?(?:a |the |some |venomous |poisonous |live |deadly )*${SNAKES}\\b|\\b(?:snake|serpent) handl(?:ing|er|ers)\\b`,
    ),
    when: ASKING,
  },
  {
    category: 'dangerous_practice',
    pattern: new RegExp(`\\b(?:drink|drinking|take|taking|eat|eating|swallow|swallowing) (?:a |some |any )?${POISONS}\\b`),
    when: ASKING,
  },
  {
    category: 'dangerous_practice',
    pattern: new RegExp(`\\b${STOPPING}(?: taking| using| going to| seeing)?(?: my| our| his| her| their| the| all| all my)?(?: \\w+)? ${TREATMENT}\\b`),
    when: ASKING,
  },
  {
    category: 'dangerous_practice',
    pattern: new RegExp(`\\b(?:instead of|rather than)(?: \\w+){0,5}? (?:${TREATMENT}|ambulance|911|emergency room|er)\\b`),
    when: /\b(?:pray|praying|prayer|faith|trust|god|jesus|heal|healing|anoint|anointing)\b/,
  },
  {
    category: 'dangerous_practice',
    pattern: new RegExp(
      `\\b(?:lack of faith|faithless|unbelief|a sin|sinful|wrong|unspiritual|not trusting god) to (?:take|use|see|go to|need|have) (?:a |the |my )?${TREATMENT}\\b`,
    ),
  },
  {
    category: 'dangerous_practice',
    pattern:
      /\b(?:fast|fasting|fasted)(?: \w+){0,3} (?:without|from) (?:water|drinking|liquids|fluids)\b|\b(?:no|without) (?:water|food or water|food and water|food)(?: \w+){0,3} (?:for )?(?:\d+|three|four|five|seven|ten|twenty|thirty|forty) days\b|\b(?:forty|40) days? (?:fast|fasting|without food|without eating|without water)\b/,
    when: /\b(?:i|we|should|shall|must|can|my|our)\b/,
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

export interface SafetyConcern {
  category: SafetyCategory;
}

/** The message's words, normalised and spell-corrected, as the rules read them. */
export function safetyReading(message: string): string {
  return ` ${wordsOf(message)
    .map((w) => correctWord(w, LEXICON))
    .join(' ')} `;
}

/** The first concern the message shows, by the order above (suicide first), or null. */
export function detectSafetyConcern(message: string): SafetyConcern | null {
  const text = safetyReading(message.slice(0, 4000));
  for (const rule of RULES) {
    if (!rule.pattern.test(text)) continue;
    if (rule.when && !rule.when.test(text)) continue;
    if (rule.unless && rule.unless.test(text) && !/\b(?:i|me|my|myself)\b/.test(text)) continue;
    return { category: rule.category };
  }
  return null;
}
