/**
 * The held-out set for the question matcher: how readers would type a question our bank already
 * answers, at the passage they are reading (each with the written question it means), and
 * questions the bank does not answer, which must not match. Written without looking at the
 * matcher's scores; match.test.ts prints its precision and recall.
 */

export interface Paraphrase {
  text: string;
  book: string;
  chapter: number;
  /** The written question it means; null when none of the passage's written questions answers it. */
  means: string | null;
}

const at = (book: string, chapter: number, pairs: [text: string, means: string | null][]): Paraphrase[] =>
  pairs.map(([text, means]) => ({ text, book, chapter, means }));

export const PARAPHRASES: Paraphrase[] = [
  ...at('john', 3, [
    ['what does born again mean', 'john-3-born-again'],
    ['What did Jesus mean about being born again?', 'john-3-born-again'],
    ['whats being born again', 'john-3-born-again'],
    ['who is nicodemus', 'john-3-nicodemus'],
    ['Who was this Nicodemus guy?', 'john-3-nicodemus'],
    ['what does john 3 16 tell us about the love of god', 'john-3-16-gods-love'],
    ['How does John 3:16 show God loves us?', 'john-3-16-gods-love'],
    ['what is being born of water and spirit', 'john-3-water-and-spirit'],
    ['What does born of water and the Spirit mean here?', 'john-3-water-and-spirit'],
    ['who wrote john', 'john-general-author'],
    ["What's the main point of this passage?", 'generic-general-main-message'],
    ['how do i apply this to my life', 'generic-general-apply'],
    ['What is the Greek word for love here?', null],
    ['Where does the Bible say God helps those who help themselves?', null],
    ['Why did Nicodemus come at night?', null],
    ['What is the snake lifted up in the wilderness?', null],
  ]),
  ...at('john', 1, [
    ['who is the Word in John 1', 'john-1-the-word'],
    ['what does it mean that the word became flesh', 'john-1-word-became-flesh'],
    ['why is Jesus called the lamb of god', 'john-1-lamb-of-god'],
    ['what does come and see teach us', 'john-1-come-and-see'],
    ['Who was John the Baptist?', null],
  ]),
  ...at('john', 11, [
    ['why did jesus bring lazarus back from the dead', 'john-11-why-raise-lazarus'],
    ['Why did Jesus cry at the tomb of Lazarus?', 'john-11-jesus-wept'],
    ['why did jesus weep', 'john-11-jesus-wept'],
    ['what does i am the resurrection and the life mean', 'john-11-resurrection-and-life'],
    ['Why did the religious leaders want to kill Jesus after Lazarus?', 'john-11-plot-to-kill-jesus'],
    ['Who were Mary and Martha?', null],
  ]),
  ...at('john', 14, [
    ['what are the many rooms in my fathers house', 'john-14-many-rooms'],
    ['What does Jesus mean by many mansions?', 'john-14-many-rooms'],
    ['what does the way the truth and the life mean', 'john-14-way-truth-life'],
    ['Who is the Comforter Jesus promises?', 'john-14-the-helper'],
    ['who is the helper in john 14', 'john-14-the-helper'],
    ['how can this chapter help when my heart is troubled', 'john-14-troubled-heart'],
  ]),
  ...at('john', 15, [
    ['what does it mean that jesus is the true vine', 'john-15-true-vine'],
    ['What does abide in Christ mean?', 'john-15-abide'],
    ['what happens to the branches that dont bear fruit', 'john-15-fruitless-branches'],
    ['What does greater love has no one mean for me?', 'john-15-greater-love'],
  ]),
  ...at('john', 20, [
    ['what happened at the empty tomb', 'john-20-empty-tomb'],
    ['Why did Jesus tell Mary not to hold on to him?', 'john-20-dont-hold-me'],
    ['what can we learn from doubting thomas', 'john-20-doubting-thomas'],
    ['what does receive the holy spirit mean when jesus breathed on them', 'john-20-receive-the-spirit'],
  ]),
  ...at('john', 6, [
    ['Why was the Gospel of John written?', 'john-general-purpose'],
    ['how is johns gospel different from the others', 'john-general-different'],
    ['what are the i am sayings', 'john-general-i-am'],
  ]),
  ...at('matthew', 6, [
    ['what does the lords prayer teach', 'matthew-6-lords-prayer'],
    ['What can we learn from the Our Father?', null],
    ['what does jesus say about worrying', 'matthew-6-do-not-worry'],
    ['What does Jesus teach about anxiety?', 'matthew-6-do-not-worry'],
    ['how do i store up treasure in heaven', 'matthew-6-treasures-in-heaven'],
    ['why does jesus warn about praying to be seen by people', 'matthew-6-seen-by-others'],
    ['Who wrote Matthew?', 'matthew-general-author'],
    ['How should I fast?', null],
  ]),
  ...at('matthew', 5, [
    ['what are the beatitudes', 'matthew-5-beatitudes'],
    ['What does it mean to be poor in spirit?', 'matthew-5-poor-in-spirit'],
    ['what did jesus mean by fulfilling the law', 'matthew-5-fulfil-the-law'],
    ['how do i love my enemies', 'matthew-5-love-your-enemies'],
    ['What does it mean to be salt and light?', null],
  ]),
  ...at('matthew', 28, [
    ['what is the great commission', 'matthew-28-great-commission'],
    ['what does baptizing in the name of the father son and holy spirit mean', 'matthew-28-baptism-in-the-name'],
    ['what story were the guards paid to tell', 'matthew-28-guards-report'],
    ['what does i am with you always mean', 'matthew-28-with-you-always'],
  ]),
  ...at('matthew', 13, [
    ['what is the kingdom of heaven in matthew', 'matthew-general-kingdom'],
    ['how is matthew structured', 'matthew-general-structure'],
    ['What is the parable of the sower about?', null],
  ]),
  ...at('mark', 16, [
    ['why does mark end at 16:8 in some bibles', 'mark-16-ending'],
    ['Is the longer ending of Mark original?', null],
    ['why were the women afraid at the tomb', 'mark-16-women-afraid'],
    ['why did the angel say tell his disciples and peter', 'mark-16-and-peter'],
    ['what does these signs will follow those who believe mean', 'mark-16-signs-will-follow'],
  ]),
  ...at('mark', 4, [
    ['who wrote mark', 'mark-general-author'],
    ['who actually wrote this gospel?', 'mark-general-author'],
    ['why does mark always say immediately', 'mark-general-style'],
    ['whats the main message of mark', 'mark-general-message'],
    ['what is the turning point in mark', 'mark-general-structure'],
    ['Why did Jesus calm the storm?', null],
  ]),
  ...at('luke', 15, [
    ['what is the prodigal son parable about', 'luke-15-prodigal-son'],
    ['what does the prodigal son story mean', 'luke-15-prodigal-son'],
    ['why three parables about lost things', 'luke-15-why-three-parables'],
    ['what does the older brother teach', 'luke-15-older-brother'],
    ['what does joy in heaven over one sinner mean', 'luke-15-joy-in-heaven'],
  ]),
  ...at('luke', 2, [
    ['why was jesus born in a manger', 'luke-2-born-in-a-manger'],
    ['what was the census of augustus', 'luke-2-the-census'],
    ['what does luke 2 show about mary', 'luke-2-mary-pondered'],
    ['who were simeon and anna', 'luke-2-simeon-and-anna'],
    ['Who were the shepherds?', null],
  ]),
  ...at('luke', 10, [
    ['who wrote luke', 'luke-general-author'],
    ['what are the main themes of luke', 'luke-general-themes'],
    ['how is luke organized', 'luke-general-structure'],
    ['Who is my neighbour?', null],
  ]),
  ...at('acts', 2, [
    ['what was pentecost', 'acts-2-what-is-pentecost'],
    ['what was speaking in tongues at pentecost', 'acts-2-speaking-in-tongues'],
    ['what does repent and be baptized mean', 'acts-2-repent-and-be-baptized'],
    ['what can we learn from the early church', 'acts-2-first-church'],
    ['Who wrote Acts and when was it written?', 'acts-general-author'],
  ]),
  ...at('acts', 9, [
    ['what happened to saul on the damascus road', 'acts-9-damascus-road'],
    ['why is saul called paul later', 'acts-9-who-was-saul'],
    ['what do we learn from ananias', 'acts-9-ananias'],
    ['Is Acts a model for churches today?', 'acts-general-pattern-for-today'],
  ]),
  ...at('romans', 8, [
    ['what does no condemnation mean', 'romans-8-no-condemnation'],
    ['does romans 8 28 mean everything is good', 'romans-8-all-things-good'],
    ['What is predestination in Romans 8?', null],
    ['what do foreknew and predestined mean', 'romans-8-foreknew-predestined'],
    ['can anything separate us from gods love', 'romans-8-nothing-can-separate'],
    ['who wrote romans and why', 'romans-general-who-wrote-why'],
    ['What does it mean to be led by the Spirit?', null],
    ['Why does creation groan?', null],
  ]),
  ...at('romans', 3, [
    ['has everyone really sinned', 'romans-3-all-have-sinned'],
    ['what is the righteousness of god', 'romans-3-righteousness-of-god'],
    ['what does justified by faith mean', 'romans-3-justified-by-faith'],
    ['what is propitiation', 'romans-3-atoning-sacrifice'],
  ]),
  ...at('romans', 12, [
    ['what is a living sacrifice', 'romans-12-living-sacrifice'],
    ['how is my mind renewed', 'romans-12-renewing-mind'],
    ['what gifts does paul list here', 'romans-12-gifts'],
    ['what does heaping burning coals on his head mean', 'romans-12-coals-of-fire'],
  ]),
  ...at('corinthians1', 13, [
    ['what kind of love is this', 'corinthians1-13-agape'],
    ['how can i love like this', 'corinthians1-13-practise-love'],
    ['what is the perfect that comes in verse 10', 'corinthians1-13-when-perfect-comes'],
    ['why is the love chapter in the middle of spiritual gifts', 'corinthians1-13-why-here'],
    ["What's the Greek word for love here?", null],
    ['What does love keeps no record of wrongs mean?', null],
  ]),
  ...at('corinthians1', 15, [
    ['what is the gospel paul summarizes', 'corinthians1-15-gospel-of-first-importance'],
    ['what will our resurrection bodies be like', 'corinthians1-15-resurrection-body'],
    ['why did some deny the resurrection', 'corinthians1-15-deny-resurrection'],
    ['Who wrote 1 Corinthians?', 'corinthians1-general-author-city'],
  ]),
  ...at('galatians', 5, [
    ['what is the fruit of the spirit', 'galatians-5-fruit-of-spirit'],
    ['what freedom is paul talking about', 'galatians-5-freedom'],
    ['what is flesh vs spirit', 'galatians-5-flesh-and-spirit'],
    ['why is paul so angry with the galatians', 'galatians-general-why-so-upset'],
  ]),
  ...at('ephesians', 2, [
    ['what does saved by grace through faith mean', 'ephesians-2-by-grace-through-faith'],
    ['what are the good works god prepared', 'ephesians-2-created-for-good-works'],
    ['what is the dividing wall', 'ephesians-2-dividing-wall'],
    ['what is the armour of god', 'ephesians-general-armor-of-god'],
    ['Who are the principalities and powers?', null],
  ]),
  ...at('philippians', 4, [
    ['what does i can do all things through christ really mean', 'philippians-general-all-things-through-christ'],
    ['why is philippians the letter of joy', 'philippians-general-joy'],
    ['How do I stop being anxious?', null],
  ]),
  ...at('philippians', 2, [
    ['what does christ emptied himself mean', 'philippians-2-emptied-himself'],
    ['what does work out your salvation with fear and trembling mean', 'philippians-2-work-out-salvation'],
    ['what does every knee shall bow tell us about jesus', 'philippians-2-every-knee-bow'],
  ]),
  ...at('hebrews', 11, [
    ['what is faith', 'hebrews-11-what-is-faith'],
    ['why are these people in hebrews 11', 'hebrews-11-hall-of-faith'],
    ['how can i live by faith', 'hebrews-11-live-by-faith'],
    ['who wrote hebrews', 'hebrews-general-author'],
    ['Who was Melchizedek?', null],
  ]),
  ...at('james', 2, [
    ['is faith without works dead', 'james-2-faith-without-works'],
    ['does james disagree with paul on faith and works', 'james-2-faith-and-works-paul'],
    ['why does james warn about favoritism', 'james-2-favouritism'],
    ['Who was James?', 'james-general-author'],
  ]),
  ...at('john1', 4, [
    ['what does god is love mean', 'john1-4-god-is-love'],
    ['how do i test the spirits', 'john1-4-test-spirits'],
    ['how does perfect love drive out fear', 'john1-4-perfect-love'],
    ['How do I know I am saved?', null],
  ]),
  ...at('revelation', 21, [
    ['what is the new heaven and new earth', 'revelation-21-new-heaven'],
    ['what is the new jerusalem', null],
    ['what comfort is there for people grieving in revelation 21 4', 'revelation-21-no-more-tears'],
    ['who wrote revelation', 'revelation-general-author'],
    ['how should i read revelation with all its symbols', 'revelation-general-how-to-read'],
    ['What is the mark of the beast?', null],
  ]),
  ...at('timothy1', 6, [
    ['is money the root of all evil', 'timothy1-general-love-of-money'],
    ['can women teach in church according to 1 timothy', 'timothy1-general-women-teach'],
    ['What is godliness with contentment?', null],
  ]),
  ...at('timothy2', 3, [
    ['what does god breathed scripture mean', 'timothy2-general-scripture-inspired'],
    ['why is this paul s last letter', 'timothy2-general-last-letter'],
  ]),
  ...at('peter1', 2, [
    ['what is a royal priesthood', 'peter1-general-royal-priesthood'],
    ['what does 1 peter say about suffering', 'peter1-general-suffering'],
  ]),
  ...at('thessalonians1', 5, [
    ['how can i pray without ceasing', 'thessalonians1-general-pray-without-ceasing'],
    ['what does a thief in the night mean', 'thessalonians1-general-thief-in-night'],
    ['Will there be a rapture?', null],
  ]),
  ...at('philemon', 1, [
    ['who were philemon and onesimus', 'philemon-general-who'],
    ['why didnt paul condemn slavery', 'philemon-general-slavery'],
  ]),
  ...at('jude', 1, [
    ['why does jude quote enoch', 'jude-general-enoch'],
    ['what does contend for the faith mean', 'jude-general-contend'],
  ]),
  ...at('titus', 2, [
    ['does titus 2 13 call jesus god', 'titus-general-great-god-and-savior'],
    ['how does grace teach us to live', 'titus-general-grace-trains'],
  ]),
  ...at('colossians', 1, [
    ['was christ created if he is the firstborn of creation', 'colossians-general-firstborn'],
    ['what does christ in you the hope of glory mean', 'colossians-general-christ-in-you'],
  ]),
  ...at('corinthians2', 12, [
    ["what was paul's thorn in the flesh", 'corinthians2-general-thorn-in-flesh'],
    ['What is the third heaven?', null],
  ]),
  ...at('acts', 17, [
    ['What was the background of this passage?', 'generic-general-historical-context'],
    ['how does this connect with the rest of scripture', 'generic-general-connections'],
    ['Give me a recipe for banana bread', null],
    ['What is the weather like today?', null],
    ['Who is the unknown god?', null],
  ]),
];
