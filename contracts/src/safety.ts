/**
 * Safety first: what the Scripture Assistant gives a reader whose message shows they may be in
 * danger, before anything else. The categories, and the helplines named in the answer (which the
 * web turns into tel: and https links). Zod-free, so the web imports it cheaply.
 */

export const SAFETY_CATEGORIES = ['suicide', 'self_harm', 'abuse', 'medical_emergency', 'dangerous_practice'] as const;
export type SafetyCategory = (typeof SAFETY_CATEGORIES)[number];

export interface SafetyResource {
  /** Where it helps: 'In the US and Canada'. */
  region: string;
  /** The words the answer says, in which `display` appears once. */
  line: string;
  /** As written in `line` ('988', '116 123', 'findahelpline.com'): the part that becomes a link. */
  display: string;
  /** tel:, sms: or https: */
  href: string;
}

const tel = (display: string) => `tel:${display.replace(/[^0-9+]/g, '')}`;

const CRISIS_LINE: SafetyResource = {
  region: 'In the US and Canada',
  line: 'In the US and Canada: call or text 988 (the Suicide & Crisis Lifeline), free, any time.',
  display: '988',
  href: tel('988'),
};
const SAMARITANS: SafetyResource = {
  region: 'In the UK and Ireland',
  line: 'In the UK and Ireland: call Samaritans on 116 123, free, any time.',
  display: '116 123',
  href: tel('116 123'),
};
const ELSEWHERE: SafetyResource = {
  region: 'Anywhere else',
  line: 'Anywhere else: findahelpline.com lists free, confidential helplines in your country.',
  display: 'findahelpline.com',
  href: 'https://findahelpline.com',
};
const DV_US: SafetyResource = {
  region: 'In the US',
  line: 'In the US: the National Domestic Violence Hotline, call 1-800-799-7233 (or text START to 88788), free, any time.',
  display: '1-800-799-7233',
  href: tel('1-800-799-7233'),
};
const DV_UK: SafetyResource = {
  region: 'In the UK',
  line: 'In the UK: the National Domestic Abuse Helpline, call 0808 2000 247, free, any time.',
  display: '0808 2000 247',
  href: tel('0808 2000 247'),
};
const DV_IE: SafetyResource = {
  region: 'In Ireland',
  line: "In Ireland: Women's Aid, call 1800 341 900, free, any time.",
  display: '1800 341 900',
  href: tel('1800 341 900'),
};
const CHILDHELP: SafetyResource = {
  region: 'A child or teenager in the US',
  line: 'If you are a child or teenager in the US: Childhelp, call or text 1-800-422-4453.',
  display: '1-800-422-4453',
  href: tel('1-800-422-4453'),
};
const CHILDLINE: SafetyResource = {
  region: 'A child or teenager in the UK',
  line: 'If you are a child or teenager in the UK: Childline, call 0800 1111.',
  display: '0800 1111',
  href: tel('0800 1111'),
};
const POISON_US: SafetyResource = {
  region: 'In the US',
  line: 'In the US, Poison Control answers on 1-800-222-1222, any time.',
  display: '1-800-222-1222',
  href: tel('1-800-222-1222'),
};

/** The emergency line every safety answer starts its list with. */
export const EMERGENCY_LINE =
  'If you are in danger right now, call your local emergency number: 911 in the US and Canada, 999 in the UK, 112 in Ireland and across Europe.';
export const EMERGENCY_NUMBERS: SafetyResource[] = [
  { region: 'US and Canada', line: EMERGENCY_LINE, display: '911', href: tel('911') },
  { region: 'UK', line: EMERGENCY_LINE, display: '999', href: tel('999') },
  { region: 'Ireland and Europe', line: EMERGENCY_LINE, display: '112', href: tel('112') },
];

/** The helplines each category's answer lists, after the emergency number. */
export const SAFETY_RESOURCES: Record<SafetyCategory, SafetyResource[]> = {
  suicide: [CRISIS_LINE, SAMARITANS, ELSEWHERE],
  self_harm: [CRISIS_LINE, SAMARITANS, ELSEWHERE],
  abuse: [DV_US, DV_UK, DV_IE, CHILDHELP, CHILDLINE, ELSEWHERE],
  medical_emergency: [POISON_US, CRISIS_LINE, SAMARITANS, ELSEWHERE],
  dangerous_practice: [POISON_US, CRISIS_LINE, SAMARITANS, ELSEWHERE],
};

/** @public Every resource a safety answer may name, for the chat view's links. */
export function safetyLinks(category: SafetyCategory): SafetyResource[] {
  return [...EMERGENCY_NUMBERS, ...SAFETY_RESOURCES[category]];
}

/** @public What the chat view says around a safety answer. */
export const safetyMessages = {
  /** What the chat view labels a safety answer with. */
  label: 'Help and support',
} as const;
