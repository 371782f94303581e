/**
 * What the content assessment looks for (decision 0042), in the three languages. Each rule is a
 * pattern of words over a sentence's tokens (tokens.server.ts):
 * - slots are separated by a gap: `..` up to 3 words between, `...` up to 8, `+` none;
 * - a slot is alternatives separated by `|`; an English alternative may be several words
 *   ("end my life"); a Chinese or Japanese one is matched against one or more whole words
 *   together (「一觉不醒」 is 一觉 + 不醒), so a word is never matched inside another (「刀切」 holds
 *   no 「刀」, 「累死」 no 「死」);
 * - a word matches by its surface or its base form (English lemma, Japanese dictionary form), so
 *   "kicks", "kicked" and "kicking" are "kick", 「叩かれます」 is 「叩く」 + 「れる」;
 * - `@name` is a set of words below (people, harm, first person).
 * Chinese rules are written in simplified characters: every text is converted before matching.
 *
 * Categories and why each severity: see the decision. `harm` is harm done to the student by
 * someone: abuse when the post places it at home or names a family member, bullying when it names
 * school or other children, abuse when it names neither (an unexplained, repeated harm to a child
 * is told at once).
 */
import type { RiskCategory } from '../categories'
import type { Language } from './text'

// The categories, their order and severity are written once (../categories.ts).
export type { RiskCategory }
export { SEVERITY } from '../categories'
export type RuleCategory = RiskCategory | 'harm'

export interface Rule {
  category: RuleCategory
  pattern: string
  /** The student must be the one the words are about: not when another subject comes just before (he, my friend, the character). */
  self?: boolean
  /** Dropped in a sentence about a game, a film, a book (and, but for a family member's act, sport, play or cooking). */
  story?: boolean
  /** Harm someone did to the student: not when the student is the subject ("i hit my head"). */
  byOther?: boolean
  /** Something done to the student (a threat, money taken): the model's "nothing here" does not set it aside. */
  act?: boolean
  /** A strong phrase matched anywhere in the sentence (one slot of alternatives): no analyser's cut can hide it. */
  anywhere?: boolean
}

type Lexicon = {
  sets: Record<string, string>
  rules: Rule[]
  /** Set phrases and hyperbole: a rule's match inside one of these is not a finding. */
  masks: string[]
  /** Words that turn the next words round ("not", 「不」); in Japanese they follow (「ない」). */
  negators: string
  /** Words that make a sentence about a game, a film, a book, a dream or a joke. */
  fiction: string
  /** Words of sport, play, cooking, the doctor's and animals: harm in them is not done to the student by someone. */
  activity: string
  /** Laughter, play and reassurance ("lol", 「哈哈」, "it didn't hurt"): with an activity, even harm someone did is play. */
  playful: string
  /** A question put to the student ("the survey asked if", 「問我有沒有」); with a `denial` in the post, its words are the question's. */
  asked: string
  /** "If" (「如果」, 「もし」): in a post about a lesson, harm after it is the lesson's advice ("if someone hits you, tell an adult"). */
  conditional: string
  /** The student's plain no ("nope", 「完全沒有」, 「ないない」). */
  denial: string
  /** Props and the stage ("a cardboard dagger", 「道具」): with a film or a play, even harm to oneself is acted. */
  staged: string
  /** A lesson or campaign about the subject ("we learned about self-harm", 「反霸凌宣导」): nothing in the sentence is a disclosure. */
  teaching: string
  /**
   * Signs that only count together, anywhere in the post: a means and its preparation (pills and
   * counting them), things given away and a farewell. Each pair is two lists of words.
   */
  together: { category: RiskCategory; words: [string, string] }[]
  /** Intensifiers of hyperbole ("so boring", 「无聊」, 「すぎて」): with a laugh, a wish to die is a figure of speech. */
  hyperbole: string
  /** A low mood that passed ("for about an hour", 「就好了」, 「元気になった」): hopelessness alone in such a post is not a finding. */
  passing: string
  /** Younger siblings: with reassurance ("she's 3", 「一点都不痛」), their bite or hit is play. */
  younger: string
  /** Subjects that make the words someone else's ("she wants to die" is not a disclosure). */
  others: string
  /** Words that place harm at home, or at school among children. */
  home: string
  school: string
}

const r = (category: RuleCategory, pattern: string, extra: Partial<Rule> = {}): Rule => ({ category, pattern, ...extra })
/** Every head joined to every tail, as alternatives: the body part and the act (「うで」 + 「を切」). */
const combos = (heads: string[], tails: string[]) => heads.flatMap((h) => tails.map((t) => h + t)).join('|')

const en: Lexicon = {
  sets: {
    me: 'me|myself',
    family: 'dad|daddy|father|mom|mum|mommy|mummy|mother|mama|stepdad|stepmom|stepmum|stepfather|stepmother|brother|sister|uncle|aunt|auntie|grandpa|grandma|grandad|granddad|nan|grandfather|grandmother|cousin|parent|parents|boyfriend|girlfriend',
    hit: 'hit|kick|slap|punch|beat|smack|whip|choke|strangle|burn|shove|push|throw|pinch|spank|hurt|bite|stab|strike|belt|drag|grab|twist|squeeze|shake|slam|poke',
    peers: 'they|kid|kids|boy|boys|girl|girls|classmate|classmates|bully|bullies|he|she|people|everyone|student|group|gang|senior|guy|guys|someone|somebody',
    threat: 'kill|beat|hurt|stab|punch|shoot|smash|break|get|jump|cut|slash|batter|beat up|bash|batter|end',
    body: 'arm|arms|wrist|wrists|leg|legs|skin|thigh|thighs|face|head|hand|hands|stomach|belly|tummy|chest|neck',
  },
  rules: [
    // Suicidal thoughts: direct.
    r('suicide', 'want|wanna|wish|ready|rather|should|deserve .. die|be dead|kill myself|end it|end my life|end it all', { self: true }),
    r('suicide', 'going to|gonna|will|gon|plan to|planning to|decided to|might .. kill myself|end it|end my life|end it all|off myself', { self: true }),
    r('suicide', 'kill myself|killing myself|kms|end my life|ending my life|take my own life|take my life|commit suicide|suicide|suicidal|unalive myself|unalive|ending it|end it all|ending it all|end everything|off myself|not be alive|not to be alive', { self: true }),
    r('suicide', 'think|thinking|thought|dream|dreaming .. about|of .. ending it|dying|killing myself|jumping|stepping off|stepping in front|not being here|being dead|death|suicide|ending my life|ending everything|ending it all|hanging myself', { self: true }),
    r('suicide', 'wish|wished .. i .. was|were|had .. dead|never born|not born|gone|never existed|died'),
    r('suicide', 'never been born|never born|should not have been born|shouldnt have been born|shouldn\'t have been born|should never have been born'),
    r('suicide', "dont|don't|do not|didnt|didn't|no longer|not|never .. want|wanna .. live|be alive|exist|be here|wake up|be born|go on|live anymore|keep living|to be alive", { self: true }),
    r('suicide', "no|dont|don't|not|never|cant|can't .. point|reason .. being alive|living|live|to live|go on|stay alive|existing|exist|life"),
    r('suicide', 'whats the point|what is the point|what\'s the point .. of .. living|being alive|life|going on|existing'),
    r('suicide', 'better off|happier|easier|better .. without me|if i was gone|if i wasnt here|if i disappeared|if i died|if i was dead|if i wasnt around|if i was not here|when im gone|when i\'m gone'),
    r('suicide', "nobody|no one|noone|no1 .. would|will|wouldnt|wouldn't|even .. notice|care|miss me .. if|when .. i|gone|die|disappear|dead"),
    r('suicide', 'a burden|burden to|burden on|waste of space|waste of air|waste of oxygen', { self: true }),
    r('suicide', 'want|wanna|wish|just want .. to sleep forever|sleep forever|to sleep and never wake up|never wake up|not wake up|not to wake up|go to sleep forever|fall asleep forever|to never wake up', { self: true }),
    r('suicide', 'hope|wish .. i .. dont|don\'t|never|wont|won\'t .. wake up'),
    r('suicide', 'disappear|disapear|dissapear|vanish|be gone|go away .. forever|for good|and never come back|for ever', { self: true }),
    r('suicide', 'want|wanna|wish .. to disappear|disappear|disapear|dissapear|vanish|to vanish|not exist|to not exist|stop existing|to stop existing', { self: true }),
    r('suicide', 'goodbye letter|goodbye note|suicide note|last letter|my last post|last post|last entry|my last diary|last diary|this is goodbye|goodbye forever|goodbye everyone|goodbye world|last time i write|last time writing'),
    r('suicide', "wont|won't|will not|dont|don't .. need .. them|it|these|my stuff|anything .. anymore|where im going|where i'm going|after im gone|after i'm gone"),
    r('suicide', 'give|gave|giving .. away .. my stuff|my things|everything|all my'),
    r('suicide', 'jump|jumping|step|stepping|throw myself|fall .. off|from|in front of|onto .. roof|bridge|building|window|balcony|top|edge|train|tracks|platform|car|bus|cliff|it', { self: true }),
    r('suicide', 'take|took|swallow|swallowed|eat|ate|taking .. all|whole|lot of|lots of|bunch of|bottle of|handful of|every .. pill|pills|medicine|tablets|meds|painkillers'),
    r('suicide', 'count|counted|counting|collect|collecting|hide|hid|hiding|save|saving|saved .. pill|pills|tablets|medicine|meds|painkillers'),
    r('suicide', 'hang|hanging|hanged .. myself'),
    r('suicide', 'rope|noose ... neck|myself|would do|do with it|hid|hide|under my bed'),
    r('suicide', 'want|wanna|wish .. to go to heaven|to be in heaven|go to heaven|be in heaven|to die and', { self: true }),
    r('suicide', 'enough to|to not|to never|and not|and never .. wake up|die|sleep forever'),
    r('suicide', 'life|living .. not worth|pointless|meaningless|isnt worth|is not worth'),
    r('suicide', 'tired of living|tired of being alive|tired of life|sick of living|sick of being alive|done with life|done with living|tired of existing'),
    r('suicide', "wont|won't|will not|not going to|not gonna .. be here|be around|be alive|be there .. by|after|anymore|any more|for|next|much longer|soon|anyway", { self: true }),
    r('suicide', "wont|won't|will not .. need .. after|by"),
    r('suicide', 'better off|happier|easier|better .. if i .. wasnt|was not|wasn\'t|werent|weren\'t|was gone|disappeared|died|was dead|wasnt around|wasn\'t around|wasnt here|wasn\'t here'),
    r('suicide', 'just|want to|wanna|wish i could|id rather .. not be here|not be alive|be done|end it|be gone|not wake up|stop existing', { self: true }),
    r('suicide', 'how easy .. it would|it wud|it would be|to .. climb over|jump|fall|end it|be done|step off'),
    r('suicide', 'want|wanna|wish .. to go where|go where|be where .. she is|he is|they are|nan is|grandma is|grandad is|mum is|dad is'),
    r('suicide', "dont|don't|do not|cant|can't .. want to|wait .. wait|till|until .. to see|see .. her|him|them|nan|grandma|grandad .. again"),
    r('suicide', 'how many .. pills|tablets|paracetamol|painkillers .. to|would|does it take|it takes|until'),
    r('suicide', 'looked up|searched|googled|search|look up .. how to die|how to kill|how many pills|painless|how to end|ways to die'),
    r('suicide', 'decided|planned|picked|chose|circled .. the day|a date|the date|a day'),
    r('suicide', 'gave|give|giving .. my .. account|password|login|skins'),
    // A farewell: a date decided, an apology to whoever reads it, a last message for someone.
    r('suicide', "decided|decide|picked|chose .. its|it's|it is|it will be|its gonna be|it's gonna be|gonna be .. this weekend|tonight|tomorrow|this week|friday|saturday|sunday|soon|the day", { self: true }),
    r('suicide', 'if anyone reads this|if someone reads this|whoever reads this|to whoever finds this|if you are reading this|if ur reading this .. sorry|im sorry|i\'m sorry|goodbye|bye|forgive me'),
    r('suicide', 'tell .. i loved|that i loved'),
    r('suicide', "note|letter ... if i dont|if i don't|if i do not|in case i dont|in case i don't|when i dont|when i don't .. wake up|make it|come back"),
    r('suicide', "wont|won't|will not .. live|make it|be alive .. to|till|until|past"),
    // Self-harm: acts and urges.
    r('self_harm', 'cut|cutting|slice|slicing|scratch|scratching|carve|carving|burn|burning|hurt|hurting|hit|hitting|punch|punching|slap|slapping|bite|biting|stab|harm|pinch|pinching|smack|bang|banging .. myself|my own|my @body', { self: true, story: true }),
    r('self_harm', 'cut|cutting|cuts|sh .. again|deeper|deep|more|myself again'),
    r('self_harm', 'the cutting|my cuts|the cuts|more cuts|new cuts|fresh cuts|cuts on my|marks on my|scars on my|marks i make|marks i made|cut marks|cutting scars'),
    r('self_harm', 'self harm|selfharm|self-harm|self harming|relapse|relapsed|self hurt'),
    r('self_harm', 'blade|razor|sharpener|compass|scissors .. on|to|into|across .. my|arm|wrist|skin|leg'),
    r('self_harm', 'until|till|til|untill .. it bleeds|i bleed|bleed|it bled|bleeding|blood|it burned|it burns|it bruised|bruised|i bruise'),
    r('self_harm', 'like|love|want|wanna .. see|seeing|watching|watch .. blood|myself bleed|it bleed'),
    r('self_harm', 'punish|punished|punishing|punishment .. myself|for myself', { self: true }),
    r('self_harm', 'on purpose|deliberately .. cut|burn|hurt|scratch|hit|bite|pull|bleed', { self: true }),
    r('self_harm', 'pull|pulling|pulled|rip|ripping .. my hair|my eyelashes|out my hair|hair out', { self: true }),
    r('self_harm', 'make|makes|made .. the bad feeling|the bad feelings|the pain inside|the sad feeling|it .. go away|stop|better', { self: true }),
    r('self_harm', 'deserve .. pain|to hurt|to feel pain|to bleed|it|to be punished|punishment|to suffer'),
    r('self_harm', 'hide|hiding|hid|cover|covering .. my arm|my arms|my wrist|my wrists|the cuts|my cuts|marks|scars|the marks'),
    r('self_harm', 'plasters|bandaids|band aids|bandages .. every week|for the cuts|for my cuts|cuts'),
    r('self_harm', 'starve|starving .. myself', { self: true }),
    r('self_harm', 'make myself throw up|made myself throw up|make myself sick|made myself sick|make myself puke'),
    r('self_harm', "dont|don't|do not|didnt|didn't .. deserve .. food|to eat|dinner|lunch"),
    r('self_harm', 'eraser|rubber .. on|into|against|across .. my|arm|skin|hand|wrist'),
    r('self_harm', 'eraser thing|eraser burn|eraser burns|rubber burn'),
    r('self_harm', 'lighter|match|matches|candle .. to|on|against|under .. my|her|his .. @body'),
    r('self_harm', 'make|get|makes .. the marks|the scars|marks|scars|the cuts|the burns .. go away|fade|disappear|heal faster'),
    r('self_harm', 'hot water|boiling water|hot tap|hot shower|lighter|match ... on purpose|deliberately|to feel|until|because i deserve|because i deserved'),
    r('self_harm', 'snap|snapped|snapping|flick|flicked|flicking|ping .. hair tie|hairtie|hair band|hairband|rubber band|elastic|elastic band|band .. on|against|at|into .. my wrist|my arm|my skin|wrist'),
    r('self_harm', 'because|cause|cos|coz .. i .. deserve|deserved .. it|the pain|to hurt', { self: true }),
    // Abuse or neglect at home.
    r('abuse', '@family .. @hit|lock|locked|tie|tied|throw|threw|drag|dragged|grab|grabbed|twist|twisted|burned|burnt .. me|us|him|it|my @body|my hair|my back|my ear|my ears', { story: true }),
    r('abuse', '@family .. break|broke|broken .. my @body|my nose|my finger|my fingers|my rib|my ribs|my tooth'),
    r('abuse', '@family .. with .. belt|stick|hanger|cane|shoe|slipper|ruler|cord|wire|hot|cigarette|lighter|iron'),
    r('abuse', '@family .. press|pressed|presses|held|hold ... hot|iron|lighter|cigarette|boiling|stove|pan'),
    r('abuse', '@family .. took|takes|take|got|gets|pulled .. belt|his belt|the belt|off his belt'),
    r('abuse', '@family ... cigarette|cig|ciggie|lighter ... out on|on my|on me|into my|onto my'),
    r('abuse', "havent|haven't|havnt|hav not|not|didnt|didn't|no .. had|eaten|eat|got .. dinner|food|anything|lunch|breakfast|a meal|proper food .. in|for .. days|day|week"),
    r('abuse', 'nothing|only .. ketchup|ice|water|mustard|sauce .. in the fridge|in the house|to eat'),
    r('abuse', 'fridge is empty|empty fridge|nothing in the fridge|no food in the house|no food at home'),
    r('abuse', 'if i tell|if i told|tell anyone|told anyone ... taken away|take me away|in care|into care|never see|get in trouble|be sorry|kill'),
    r('abuse', "@family ... still isnt back|still isn't back|still not back|hasnt come back|hasn't come back|didnt come home|didn't come home|not come home|hasnt been home|hasn't been home"),
    r('abuse', "@family .. won't|wont|doesnt|doesn't|didnt|didn't .. let me .. eat|have dinner|have food"),
    r('abuse', 'come|comes|came|goes|went .. into|in .. my room|her room|his room .. at night'),
    r('abuse', "where he shouldn't|where he shouldnt|where she shouldn't|where she shouldnt|their secret|our secret|the girl is me|the boy is me|that girl is me|that boy is me|it was me|the girl was me"),
    r('abuse', 'get|got|getting|gets .. hit|beaten|kicked|slapped|punched|whipped|hurt|smacked|belted .. by .. @family|at home|when i get home|when i got home'),
    r('abuse', '@family .. touch|touched|touches|touching .. me|my private|my privates|my body|down there|under my'),
    r('abuse', 'touch|touched|touches|touching .. my private|my privates|private part|private parts|down there|my body|under my|my chest|my bum'),
    r('abuse', '@family|he|she .. say|said|says|told|tells .. not to tell|to keep it secret|its our secret|it\'s our secret|its a secret|i cant tell|i can\'t tell'),
    r('abuse', '@family|he .. come|comes|came|gets|get .. in|into .. bathroom|shower|my bed|my room at night|my room when'),
    r('abuse', 'make|made|makes .. me .. take off|undress|get naked|show him|touch him|touch her'),
    r('abuse', 'naked picture|naked photo|nude picture|nude photo|nudes|naked pictures|naked photos'),
    r('abuse', 'lock|locked|locks|locking|shut|shuts|put|puts .. me|us .. in|out|inside|outside .. room|closet|bathroom|cupboard|basement|shed|balcony|garage|toilet|house|all night|for hours|again'),
    r('abuse', 'locked in|locked out|shut in .. cupboard|room|shed|house|for hours|all night|again|closet|bathroom'),
    r('abuse', "no|not|didnt|didn't|dont|don't|wont|won't|never .. give|gave|get|got|fed|feed|let me|make .. food|dinner|lunch|eat|breakfast|anything to eat|tea|me dinner"),
    r('abuse', 'no food|nothing to eat|havent eaten|haven\'t eaten|not eaten|no dinner|no tea|didnt eat for|didn\'t eat for|hungry for days'),
    r('abuse', 'left|leave|leaves .. me|us .. alone|on my own|on our own|by myself .. for|all|days|day|week|weekend|night|nights'),
    r('abuse', '@family .. went|gone|away .. for .. days|week|weekend'),
    r('abuse', '@family .. threaten|threatened|threatens|say|said|says .. kill|hurt|beat|throw me out|kick me out|send me away|leave me|get rid of me'),
    r('abuse', 'scared|afraid|terrified .. to go home|of going home|of my dad|of my mum|of my mom|of my stepdad|of him|when he drinks|when he gets drunk|when hes drunk'),
    r('abuse', 'drunk|drinks|drinking|drink .. hit|hits|beat|beats|hurt|hurts|throws|throw|smash|smashes|yell'),
    r('abuse', 'secret game|special game|our special secret|our little secret|tickle game'),
    r('abuse', '@family|he|she .. touch|touched|touches|touching .. me .. under|down there|where|in my bed|at night|when'),
    // Harm done to the student by someone (abuse or bullying by where it happens).
    r('harm', '@hit|hitting|kicking|beating|slapping|punching|choking|twisting|twists|grabbing .. me|my @body|my hair|my back', { story: true, byOther: true }),
    r('harm', 'beat|beating|beats .. me .. up'),
    r('harm', 'jump me|jumped me|jumping me'),
    r('harm', 'i .. get|got|getting|was|am|be|keep getting .. hit|beaten|beat|kicked|slapped|punched|hurt|whipped|pushed|shoved|choked|burned|burnt|strangled|smacked', { story: true }),
    r('harm', 'bruise|bruises|marks|black eye .. from|because of|where .. @family|he|she|they|him|her'),
    // Bullying and threats against the student.
    r('bullying', '@peers .. say|said|says|tell|told|text|texted|message|messaged|wrote|threaten|threatened .. @threat .. me|you|my|your'),
    r('bullying', '@threat .. me|you|your face|my face .. after school|tomorrow|on monday|monday|if i tell|if you tell|at the park|at recess|next week|later|tonight'),
    r('bullying', 'show|showed|shows .. me .. knife|blade|gun|lighter'),
    r('bullying', 'if i|if u|if you .. snitch|tell|tell anyone|say anything|tell a teacher ... will|ll|theyll|they\'ll|gonna|be waiting|get me|hurt|kill|beat|regret|im dead|i\'m dead|i am dead|ur dead|you\'re dead|youre dead|dead meat'),
    r('bullying', 'hand over|give them|give him|give her .. my .. money|lunch money|phone|snacks'),
    r('bullying', 'nobody wants you|no one wants you|nobody wants u|no one wants u|u freak|you freak|u loser|you loser|go away freak'),
    r('bullying', 'yank|yanking|yanked|pull|pulling|pulled|rip|ripped .. my hijab|my ears|my hair|my bag|my headscarf', { byOther: true }),
    r('bullying', 'on purpose|deliberately .. at my face|aim|aimed|throw|threw|kick|kicked'),
    r('bullying', 'screenshot|screenshots|pic|photo|video .. of me .. posted|shared|sent|everyone'),
    r('bullying', 'or we will|or we|or ill|or i will|or else|or they will|or he will|or she will|or they|or he .. @threat|come|get .. you|me|your|to your house'),
    r('bullying', 'tell|told|tells|telling|say|said|says .. me .. to die|to kill myself|kys|go die|i should die|to go die|i should kill myself'),
    r('bullying', 'kys|go die|kill yourself|you should die'),
    r('bullying', 'bully|bullies|bullied|bullying|cyberbully|cyberbullying|picked on|pick on me|picks on me|picking on me', { story: true }),
    r('bullying', 'take|took|takes|taking|steal|stole|stealing .. my .. money|lunch money|allowance|snacks|lunch|trainers|shoes|bag|things'),
    r('bullying', 'make|made|makes .. me .. pay|give|buy .. them|him|her|money'),
    r('bullying', 'pay .. to get .. back'),
    r('bullying', 'threaten|threatened|threatening|threatens|threats .. me'),
    r('bullying', 'send|sending|sent|sends .. me .. threats'),
    r('bullying', 'post|posted|posting|share|shared|put|spread|upload|uploaded .. photo|picture|pic|video|vid|secret .. of me|online|everywhere|on tiktok|on instagram|on snapchat|in the group'),
    r('bullying', 'film|filmed|filming|record|recorded .. me'),
    r('bullying', 'take|took|taking|takes .. video|photo|picture|pic|videos|photos .. of me'),
    r('bullying', 'going around|sent around|spreading .. the whole|everyone|school|year|class'),
    r('bullying', 'nobody|no one|noone .. can|will|wants to|would|lets me .. sit with me|play with me|talk to me|sit next to me|be my friend'),
    r('bullying', "say|said|says|call|called .. i|i am|me .. smell|smelly|dirty|disgusting|ugly|fat"),
    r('bullying', 'fake account|group chat called|made a group chat|chat about me|page about me'),
    r('bullying', 'everyone|everybody|whole class|they all|all of them|everyone is .. ignore|ignores|ignoring|hate|hates|laugh at|laughs at|laughing at|make fun of .. me|it'),
    r('bullying', 'call|called|calling|calls .. me .. ugly|fat|stupid|names|retard|loser|freak|pig|dog|dumb|idiot|disgusting|every day|everyday|smelly|dirty'),
    r('bullying', 'spit|spat|pour|poured|threw|throw|throws|thrown .. on|at .. me|my'),
    r('bullying', 'trip|tripped|shove|shoved|push|pushed .. me .. down|over|into|stairs|every day|again|in the'),
    r('bullying', '@peers .. throw|threw|chuck|chucked|dump|dumped|tip|tipped|kick|kicked .. my bag|my stuff|my things|my books|my lunch|my pencil case|my shoes|my phone|my coat .. in|into|out|over|on|down'),
    r('bullying', 'move|moved|slide|slid|scoot|scooted|push|pushed|pull|pulled|get up|got up|walk|walked|run|ran .. their trays|their chairs|their desks|their tables|away .. away from me|from me|when i sit|when i come'),
    // Hopelessness.
    // A friend's cuts: a counsellor wants to know ("she showed me her wrist and its covered in cuts").
    r('self_harm', 'cuts|cutting|harms|harming + herself|himself|themselves', { story: true }),
    r('suicide', 'hope|hoping|wish|wishing ... asleep|sleep ... over|never|forever|gone|end', { self: true }),
    r('suicide', 'no + more + mornings|tomorrows'),
    r('harm', 'locked|lock|locks|shut|shuts + me + out|outside|in', { story: true }),
    r('harm', 'whacked|whack|hit|beat|beaten|smacked|smack|belted|strapped|hits .. with .. belt|buckle|cane|stick|spoon|slipper|hanger|cord|wire|ruler'),
    r('harm', 'welts|welt', { story: true }),
    r('abuse', 'no|any + dinner|food|lunch|breakfast|supper|tea|meals|meal + for + two|three|four|five|2|3|4|5|a|whole + days|day|week'),
    r('self_harm', 'covered|full + in|of + cuts|scars', { story: true }),
    r('self_harm', 'cuts|scars + on + her|his|their + wrist|wrists|arm|arms|legs', { story: true }),
    r('hopelessness', 'nothing|never .. will|gonna|going to|ever|is going to .. get|gets|be|change|changes .. better|good|change|okay|ok|different'),
    r('hopelessness', 'always|forever .. be like this|gonna be like this|going to be like this|stay like this|be this way'),
    r('hopelessness', "whats the point|what's the point|pointless|no hope|hopeless|give up on everything|no future|dont have a future|don't have a future|nothing good|nothing matters|nothing to look forward"),
    r('hopelessness', 'no point|no use .. in anything|in trying|in life|in living|to anything|to life|anymore|at all|in it all|of anything|trying|to me|in me|of me'),
    r('hopelessness', "i .. am|im|i'm|feel|feel like|be|was .. worthless|useless|a failure|a waste|nothing|a mistake|a loser|no good|not good enough|garbage|trash|broken|stupid and ugly|a disappointment", { self: true }),
    r('hopelessness', 'useless|worthless|hopeless|rubbish .. at everything|at anything'),
    r('hopelessness', "never be good at anything|never be good enough|cant do anything right|can't do anything right|everything i do goes wrong|i ruin everything|i mess everything up|i mess up everything|always mess up"),
    r('hopelessness', 'why .. even|bother|keep|would i .. try|trying|bother'),
    r('hopelessness', 'no reason|no point|no use .. to try|trying|in trying'),
    r('hopelessness', "i give up|im done trying|i'm done trying|give up on myself|done trying|stop trying|given up|gave up on everything|ive given up|i've given up"),
    r('hopelessness', "dont|don't|do not .. care .. about .. anything|anymore"),
    r('hopelessness', "feel empty|so empty|feel nothing|feel numb|numb inside|im numb|i'm numb|dark inside|broken inside|something in me is broken|cant be fixed|can't be fixed|feel dead inside|dead inside"),
    r('hopelessness', 'i .. hate .. myself|my life|being me'),
    r('hopelessness', "cant|can't|cannot|dont|don't .. remember .. last time .. happy"),
    r('hopelessness', 'never|ever .. be happy again|will be happy|be happy|feel happy again'),
    r('hopelessness', 'nobody|no one|noone|no1 .. care|cares|loves|love|likes|like|wants|want|needs .. me|about me'),
    r('hopelessness', 'no one cares|nobody cares|noone cares|no1 cares|no one ever will|nobody ever will|its my fault|it\'s my fault|all my fault|because of me|not good enough|never good enough|never be enough|nothing i do is|never going to be|never gonna be'),
    r('hopelessness', 'everyone|everybody .. hate|hates|would be happier|better .. me|without me'),
    r('hopelessness', "it|things|this|life|anything|nothing .. will never|never will|wont ever|won't ever|will not ever|is never going to|never gonna|isnt going to|isn't going to .. change|get better|be different|work out"),
    r('hopelessness', "dont|don't|do not|never .. think|believe .. it|things|anything|life|this .. will|wil|gonna|is going to|can .. change|get better|be better|be different|be okay|be ok"),
    r('hopelessness', 'and it never will|and never will|it never will|nothing i do ever|nothing ever works|nothing works out|nothing goes right|everything goes wrong|nothing ever goes right|never works out'),
  ],
  masks: [
    'disappear under|disappear into|hide under|cut my fringe|cut my own fringe|cut my hair|cut my own hair|cut my nails|cut my own nails|cut my bangs|rather die than|sooner die than|disappear into the floor|disappear into the ground|sink into the floor|ground to swallow me|curiosity killed the cat|killed the cat|dying to|dying for|to die for|died laughing|die laughing|dying of laughter|die of laughter|laughing to death|dying laughing|bored to death|scared to death|scare me to death|scared me to death|tired to death|dead tired|im dead lol|killing it|killed it|kill it|kill time|killing time|killed time|nearly died|almost died|thought i was going to die|thought i would die|thought i was gonna die|i could die|i will die of|gonna die of',
    'homework|test|exam|math|maths|essay|project|heat|cold|feet|legs|boss|level|zombie|dragon|monster|enemy|enemies|character|team|shoes|teacher .. killing me|is killing me|kill me|are killing me',
    'could kill for|would kill for|kill for a',
    'beat|beats|beaten|destroyed|crushed|smashed + me + at|in',
    'the death of me|be the death|death of us',
    // A fight between equals that ended in a laugh: "he hit me back once and we both cracked up".
    'hit|punched|kicked|whacked|smacked|elbowed + me + back',
    'nobody|no one|noone + hit|hurt|hits|hurts|kicked|pushed + me',
    'useless|trash|rubbish|terrible|hopeless|bad + at + drawing|this|it|that|maths|math|football|soccer|games|fortnite|spelling|art|sport|sports|singing|dancing|chess|minecraft|roblox|swimming|the game|running|skating|cooking|handwriting|drawing hands|piano|guitar',
    'kill|murder|destroy .. me|you .. if i|if you|if u .. eat|ate|eats|touch|touched|take|took|use|used|finish|finished|steal|stole|read|break|broke',
    'embarrassment|embarrassed|cringe|shame .. die|dying|dead',
    'die of|died of|dying of .. embarrassment|cringe|shame|boredom|hunger|thirst|cuteness|laughter',
    'thought .. i was|i got|i had been .. bullied|picked on|beaten up',
    'i would never|i will never|never would i|i dont want to die|i don\'t want to die|i do not want to die|i want to live|love my life|love life|glad to be alive',
    // A question someone asked ("mum asked if anyone hits me"): the words are the question's, not a disclosure.
    'asked|asks|ask|asking .. if|whether ... anyone|anybody|someone|somebody|anything ... hits|hit|hurts|hurt|touches|touched|bullies|bullying|is mean|mean to me|scares|kicks',
    // A parent away for work or a trip is not a child left alone.
    'away|gone|went .. for work|on business|for a conference|on a work trip|for his job|for her job|working',
  ],
  negators: "not|never|no|dont|don't|didnt|didn't|doesnt|doesn't|wont|won't|wouldnt|wouldn't|cant|can't|cannot|isnt|isn't|aint|ain't|stop|stopped",
  together: [
    { category: 'suicide', words: ['pill|pills|tablets|medicine|meds|painkillers|sleeping pills|rope|noose', 'counted|count|counting|enough|hid|hide|hidden|saving|collect|collecting|wont notice|won\'t notice|know what i would do'] },
    // Things given away (not "gave her a card") with a farewell or "won't need them".
    { category: 'suicide', words: ['give away|giving away|gave away|gave all|give all|giving all|gave everything|give everything', "letter|goodbye|wont need|won't need|dont need|don't need"] },
    // A friend's words and "don't tell": a counsellor wants to know.
    { category: 'suicide', words: ['kill herself|kill himself|kill themselves|wants to die|want to die|end it|end it all|end her life|end his life|not be here', "dont tell|don't tell|not to tell|promise not to tell|swear not to tell|made me swear|made me promise|keep it a secret|our secret"] },
    // A cover story and the truth: "i said i walked into a door", then "really mum did it".
    { category: 'abuse', words: ['said i walked into|said i fell|said i tripped|said i bumped|told her i fell|told him i fell|told them i fell|said it was an accident|walked into a door', 'really mum|really mom|really dad|really my|actually mum|actually mom|actually dad|actually my|mum did it|mom did it|dad did it|stepdad did it|stepmum did it|stepmom did it'] },
    { category: 'suicide', words: ['note|letter|goodbye', "if i dont wake up|if i don't wake up|if i do not wake up|in case i dont wake up|in case i don't wake up|hoping i dont|hope i dont wake up|hope i don't wake up"] },
  ],
  hyperbole: 'so boring|so bored|so nervous|so embarrassing|so embarrassed|so awkward|so hungry|so full|so hot|so cold|so tired|so sleepy|so much homework|too boring|boring|bored|nervous|cringe',
  younger: 'little|baby|toddler|younger',
  passing: 'for an hour|for about an hour|for like an hour|for a minute|for like a minute|for a second|for a bit|for a while|then we got|felt better|feel better now|feeling better|im fine now|i am fine now|im ok now|im okay now|got over it|it passed',
  teaching: 'role play|roleplay|the word|learn the word|learned the word|helpline|childline|anti-bullying|anti|awareness|assembly|poster|posters|pshe|learned about|learnt about|learn about|learning about|talked about|health class|lesson about|campaign|warning signs|health lesson|in health',
  asked: 'asked if|asked me if|asked whether|asked me whether|asked us if|survey|questionnaire|one question|question was|questions about|asks if|asks me if',
  conditional: 'if',
  denial: 'nope|no way|of course not|not at all|never ever|definitely not|no!|said no|ticked no|ticked never|circled no|answered no|put no',
  staged: 'pretend|pretended|pretending|fake|prop|props|cardboard|plastic|rubber|toy|costume|rehearsal|rehearse|rehearsing|acting|on stage|stage|my line|my lines',
  fiction: 'spider|cockroach|bug|game|games|gaming|level|boss|minecraft|fortnite|roblox|pokemon|zombie|zombies|monster|dragon|character|characters|player|movie|a film|the film|that film|films|tv show|the show|a show|netflix|youtube|episode|series|anime|manga|cartoon|book|novel|story|chapter|drama|actor|actress|dream|nightmare|joke|joking|jk|prank|fake|pretend|pretended|villain|hero|script|scene|poem|mario|sonic|level',
  activity: 'chess|checkers|uno|monopoly|board game|cards|oven|tray|stove|pan|kettle|cookies|cookie|biscuits|muffins|cupcakes|punching bag|the bag|gloves|hamster|rabbit|bunny|guinea pig|parrot|budgie|bird|goat|pony|snake|lizard|ferret|chicken|goose|rat|craft knife|woodwork|glue gun|sewing|needle|model|turrets|sparring|spar|sparred|cucumber|tomato|potato|apple|bread|slicing|chopping|peeling|claw grip|play|playing|played|soccer|football|basketball|baseball|volleyball|dodgeball|ball|match|pe|gym|karate|judo|taekwondo|boxing|wrestling|wrestle|wrestled|pillow|tickle|cook|cooking|bake|baking|kitchen|cake|carrot|onion|vegetable|vegetables|chef|recipe|dentist|doctor|nurse|shot|vaccine|injection|jab|mosquito|bee|wasp|dog|cat|puppy|kitten|horse|toy|doll|lego|nerf|tag|race|practice|training|coach|accident|accidentally|fell|fall|trip|slipped|bumped|climbing|frame|bike|trampoline|stitches|hospital|a&e|thunder|lightning|storm|racket|tennis|badminton|hockey|cricket|sting|stung|jellyfish|bluebottle|grounded',
  playful: "tiny bit|a tiny bit|a bit|aloe|cracked up|we both laughed|both laughed|a plaster|gave me a plaster|band aid|bandaid|band-aid|tiny cut|small cut|just a scratch|accidentally|by accident|everyone saw|oops|clumsy|didn't even hurt|didnt even hurt|lol|haha|hahaha|xd|jk|lmao|fun|laughing|laughed|laugh|giggling|didnt hurt|didn't hurt|doesnt hurt|fine|accident|joke|she's 3|shes 3|he's 3|hes 3|baby|toddler",
  others: 'he|she|they|his|her|their|friend|brother|sister|cousin|character|someone|somebody|classmate|girl|boy|man|woman|teacher|mom|dad|mum|grandma|grandpa|it|hero|villain|bear|bears|dog|cat',
  home: 'home|house|dad|daddy|father|mom|mum|mommy|mother|stepdad|stepmom|stepmum|stepfather|stepmother|brother|sister|uncle|aunt|auntie|grandpa|grandma|grandfather|grandmother|cousin|parent|parents|boyfriend|bedroom|family|night|drunk|belt|bathroom|shower',
  school: 'school|class|classmate|classmates|recess|break|lunch|bus|playground|hallway|corridor|kids|boys|girls|bully|bullies|senior|seniors|teacher|friend|friends|group|gang|team|online|chat|instagram|tiktok|discord|snapchat|year|park',
}

const zh: Lexicon = {
  sets: {
    me: '我|自己|偶|窝',
    family: '爸爸|爸|老爸|阿爸|把拔|爸妈|父亲|爹|妈妈|妈|老妈|阿母|马麻|母亲|继父|继母|后爸|后妈|后母|新爸爸|哥哥|哥|姐姐|姐|弟弟|妹妹|叔叔|伯伯|舅舅|阿姨|姑姑|爷爷|奶奶|阿公|阿嬷|外公|外婆|表哥|堂哥|家人|大人|男朋友|妈妈的男朋友',
    hit: '打|揍|踢|踹|掐|捏|推|甩|扇|抽|烫|烧|咬|拧|扭|抓|拉|掐脖子|勒|殴打|家暴|修理|打骂|体罚|丢|砸|撞|捶|槌|巴|赏|压|刺|戳|围殴',
    peers: '他们|他|她|她们|同学|男生|女生|学长|学姐|那群人|大家|有人|那些人|隔壁班|班上|阿凯|小胖',
    threat: '打死|杀|杀了|杀死|揍|打|弄死|砍|捅|修理|宰了|好看|打到|划|割|扭|教训',
    body: '手|手腕|手臂|手背|大腿|腿|脚|头|脸|肚子|身体|皮肤|胸|脖子|背',
    selfharm: '割|划|刮|捏|掐|打|捶|槌|撞|咬|烫|烧|抓|抠|拔|刺|戳|伤害|弄伤|揍|扯|刻',
  },
  rules: [
    // Suicidal thoughts.
    r('suicide', '想死|好想死|很想死|想要死|想去死|去死好了|死了算了|死掉算了|不如死了|不如死掉|不如去死|想死掉|好想死掉|想ㄙ|真想死|我想死|自杀|轻生|结束生命|结束自己|了结自己|了结生命|寻死|不想活|不想再活|活不下去|不要活了|不活了|活着没意思|活着没有意义|活着好累|活着很累|活着真累|活着好痛苦|活着干嘛|活着干什么|为什么要活着|为什么还要活|不想存在|不想醒来|不要醒来|别醒来|一觉不醒|一睡不醒|永远睡着|永远睡下去|一直睡下去|睡着就不要醒|长眠|离开这个世界|离开这世界|从世界上消失|永远消失|想消失|好想消失|想要消失|不见也没关系|不见了也没关系|不见了应该也没关系|消失也没关系|一了百了|去天上找|去天堂找|去天上陪|去天堂陪|不要躲开|不想躲开|最后一篇日记|最后一篇|最后一次写|遗书|绝笔|永别了|再见了大家|大家再见了|就可以解脱|可以解脱了|解脱了|累赘|拖油瓶|我消失的话|我不在的话|没有我的话|不用再为我烦恼|不用再为我担心|不会再麻烦|没有被生下来|没被生下来|不要被生下来|没有出生就好|没生下我|不想再醒|想不开|不要再醒来|不要再醒|不会再醒|醒不来|不再醒来|不会醒来|多少颗|吃多少|结束一切|结束这一切|活不到|活不过|去找他|去找她|去找阿公|去找阿嬷|去找爷爷|去找奶奶|现在就去找|不要等到长大|不会再上线|从这里跳下去|跳下去就', { self: true, anywhere: true }),
    r('suicide', '想|好想|很想|希望|想要|一直想|在想|都想 .. 死掉|死了|去死|死', { self: true }),
    r('suicide', '从这个世界消失|从世界消失|从这世界消失|从世界上消失|在这个世界消失', { self: true, anywhere: true }),
    r('suicide', '想|好想|很想|一直想|在想|都想|会想 .. 跳下去|跳楼|跳下来|跳下|往下跳|跳出去', { self: true }),
    r('suicide', '从 ... 跳下去|跳下来|跳楼'),
    r('suicide', '没有我|没我|我不在|我消失|我死了|我不见 .. 比较好|会更好|更好|就好了|大家都开心|比较开心|比较快乐|会比较|一定会比较|会快乐|轻松|比较轻松|解脱|少一个麻烦'),
    r('suicide', '想|好想|很想|一直想|想要|真想|希望|好希望|只希望|只是希望|一直希望 .. 消失|不见|不存在|不要存在|永远不要再出现|不要再出现', { self: true }),
    r('suicide', '大家|所有人|没人|没有人|都 .. 不需要我'),
    r('suicide', '我 .. 是 .. 累赘|负担|拖累|多余的|多余'),
    r('suicide', '不该|不应该|早知道不要|为什么要|没有被|没被|不要被 .. 出生|生下我|被生下来|生出来|出生就好|生出来就好'),
    r('suicide', '吞|吃 .. 很多|一堆|整瓶|一整瓶|好几颗|全部 .. 药|安眠药'),
    r('suicide', '药 ... 全部吃|都吃掉|吃下去|藏|数'),
    r('suicide', '上吊|卧轨|跳河|跳海|烧炭|割腕自杀|跳轨'),
    r('suicide', '绳子|绳 ... 知道|可以用|脖子|藏'),
    r('suicide', '用 .. 什么方法 .. 离开|死|消失'),
    r('suicide', '送给|都送|全部送 ... 用不到|不需要了|以后也用不到'),
    r('suicide', '用不到了|再也用不到', { self: true }),
    r('suicide', '死了就不用|死了就好|死掉就好|死了比较好|死掉比较好|死了会比较|死掉会比较|如果我死了|要是我死了|我死了大家', { self: true, anywhere: true }),
    // Self-harm.
    r('self_harm', '拔头发|一直拔|秃秃|不配吃|不该吃|只喝水|故意把手|手腕上划|划了几下|用橡皮擦|橡皮擦磨|磨到破皮|磨手|自残|自伤|自我伤害|割腕|割手|割自己|划手|划自己|刮自己|伤害自己|弄伤自己|打自己|掐自己|捏自己|咬自己|烫自己|捶自己|槌自己|抓自己|撞墙|拔自己|又割了|又割|又划了|割比较深|割很深|割的伤|刀痕|看到血', { self: true, anywhere: true }),
    r('self_harm', '@selfharm .. 自己', { self: true }),
    r('self_harm', '自己 .. 的 .. @body'),
    r('self_harm', '用|拿 .. 刀|刀片|美工刀|圆规|剪刀|打火机|菸头|烟头|拳头|头 .. 割|划|刺|刮|烫|捶|槌|撞|去撞|打 .. 手|手腕|手臂|自己|腿|大腿|皮肤|墙', { self: true }),
    r('self_harm', '拿来 .. 割|划|伤害'),
    r('self_harm', '在 .. @body .. 割|划|刮|刻|烫|戳|抠', { self: true }),
    r('self_harm', '流血|血 ... 心里|心 ... 不痛|比较不痛|比较好|舒服|好过|平静|轻松'),
    r('self_harm', '@selfharm .. 到 .. 流血|出血|破皮|瘀青|乌青|黑青|很痛|红|肿'),
    r('self_harm', '手上|手臂|身上 .. 伤痕|疤|伤口|刀痕|伤'),
    r('self_harm', '穿长袖|长袖 .. 遮|藏|盖|不想被看到'),
    r('self_harm', '故意 .. 不吃|饿自己|吐出来|弄伤|伤害|拔|割|打|撞|抠|抓|掐|咬|刮|烫'),
    r('self_harm', '这样|这么做|才会 .. 心里|心情|心 .. 舒服|比较好|没那么痛|好过|安心|放松'),
    r('self_harm', '血 .. 流出来|流下来 ... 安心|舒服|开心|比较好'),
    // Abuse or neglect at home.
    r('abuse', '@family .. @hit .. 我|我们|我的', { story: true }),
    r('abuse', '@family .. 用|拿 .. 烟头烫|打火机烫|热水烫|烟头|打火机'),
    r('abuse', '@family .. 用|拿 .. 菸头|烟头|皮带|棍子|衣架|藤条|拖鞋|铁尺|电线|热水|东西 .. 烫|打|丢|揍|我'),
    r('abuse', '被 .. @family .. @hit|打|揍|踢|踹|关|锁|赶出|烫|摸|推', { story: true }),
    r('abuse', '@family .. 打的|揍的|弄的|踢的|烫的|巴的|掐的|捏的|推的|打伤的'),
    r('harm', '被 .. k|扁|海扁|修理|盖布袋|围殴', { story: true }),
    r('bullying', '被 .. 抢走|抢了|勒索|拿走'),
    r('abuse', '@family ... 往|朝 + 我 + 手上|身上|头上|脸上|脚上|背上 .. 倒|泼'),
    r('abuse', '伤|瘀青|乌青|黑青 .. 是 .. @family'),
    r('abuse', '@family .. 摸我|碰我|亲我|脱我|看我洗澡|进来看|会进来|摸'),
    r('abuse', '洗澡 .. 的时候 .. 进来|偷看|看我|开门'),
    r('abuse', '叫我|要我|说 .. 不能|不要|不准|别 .. 跟|告诉 .. 妈妈|妈|爸爸|老师|别人|任何人 .. 说|讲|知道'),
    r('abuse', '摸我 .. 下面|胸部|屁股|私处|身体|那里'),
    r('abuse', '性侵|性骚扰|猥亵|脱我的衣服|脱我衣服|叫我脱衣服|要我脱衣服|拍我的裸照|裸照', { anywhere: true }),
    r('abuse', '把我|把我们 .. 关在|锁在|关进|锁进|赶出|丢在|一个人留在|留在 .. 房间|厕所|浴室|阳台|门外|外面|家外|衣柜|家'),
    r('abuse', '关|锁 .. 在 .. 门外|外面|厕所|阳台|房间'),
    r('abuse', '不给 .. 我 .. 吃饭|吃东西|饭吃|吃'),
    r('abuse', '没有人|没人 .. 煮饭|做饭|给我饭|照顾'),
    r('abuse', '没|没有 .. 饭|东西 .. 吃|可以吃'),
    r('abuse', '饿了|饿 .. 好几天|一整天|两天|三天'),
    r('abuse', '好几天|一整个礼拜|一个礼拜|一个星期|整个周末|五天|三天 .. 没回家|不在家|没人在家|只有我一个人|没洗澡|没有洗澡'),
    r('abuse', '@family .. 都不在家|出国|不回家 ... 一个人|没有人'),
    r('abuse', '@family ... 出国|旅行|不回家|没回家 ... 一个礼拜|一个星期|好几天|几天|礼拜'),
    r('abuse', '冰箱 .. 没东西|空了|没有东西|什么都没有'),
    r('abuse', '到现在都没回来|到现在还没回来|都没回来|还没回来|没回家 ... 只剩|没东西|泡面|王子面|没饭'),
    r('abuse', '只剩 .. 一包|一碗|一个 .. 面|泡面|饭|王子面'),
    r('abuse', '讲出来|说出来|告诉别人|跟老师说|跟老师讲|跟别人讲|跟别人说 ... 不要我|带走|送走|打死|杀|丢掉|赶出去'),
    r('abuse', '我们的秘密|是秘密|这是秘密|跑来我床上|到我床上|来我床上', { anywhere: true }),
    r('abuse', '叫我|叫她|叫他|要我|要她 .. 不能|不可以|不要|不准|别 .. 说出去|跟别人说|告诉别人|讲出去'),
    r('abuse', '进 .. 她|我 .. 房间 ... 摸'),
    r('abuse', '那个女生就是我|那个男生就是我|那个人就是我|就是我自己', { anywhere: true }),
    r('abuse', '没有 .. 干净 .. 衣服'),
    r('abuse', '@family .. 说 ... 要|就要|会|就会 ... 杀|杀了|打死|弄死|丢掉|不要我|把我丢掉'),
    r('abuse', '推下|推到 .. 楼梯'),
    r('abuse', '怕 .. 回家'),
    r('abuse', '喝酒|喝醉 .. 就|会 .. 打|揍|摔|丢'),
    r('abuse', '抓 .. 我的头 .. 撞'),
    // Harm done to the student by someone.
    r('harm', '被 .. 打|揍|踢|踹|掐|打到|打得|推倒|甩巴掌|打巴掌|赏巴掌|烫|咬|勒脖子|掐脖子|丢', { story: true }),
    r('harm', '@hit .. 我|我的 .. @body', { story: true, byOther: true }),
    r('harm', '@hit|打|揍|踢|踹|掐|咬|丢 .. 我', { story: true, byOther: true }),
    r('harm', '瘀青|乌青|黑青|伤 .. 是 .. 被|打的'),
    // Bullying and threats.
    r('bullying', '跟我要|向我要|堵我|故意瞄准|瞄准我|压在地上|丑照|智障|黑肥猪|肥猪|传染|髒话|脏话|霸凌|被欺负|欺负我|排挤我|孤立我|被排挤|被孤立|勒索|被勒索|恐吓|被恐吓|威胁我|被威胁|偷拍我|吐口水|收保护费|跟我要钱|给我好看|让我好看|要我好看|围殴|还不去死|怎么还不去死|叫我去死|泼我水|泼水|拍影片传|拍照片传|影片传出去|照片传出去|丢到垃圾桶|没人要的|取外号', { anywhere: true }),
    r('bullying', '@peers .. 说|讲|威胁|传讯息|留言 ... 要|就要|会 .. @threat .. 我'),
    r('bullying', '要|会|敢|就要|就 .. 打死|杀了|杀死|弄死|揍|宰了|打|教训 .. 我'),
    r('bullying', '把 .. 我 .. 打到|打成 .. 住院|受伤|流血'),
    r('bullying', '叫我 .. 去死|死一死|自杀'),
    r('bullying', '堵在|把我堵|围住我|来找我算账|找我算账|给我等着|你给我等着', { anywhere: true }),
    r('bullying', '大家|全班|他们|她们|没有人|没人 ... 不要|不想|不愿意|不肯|不准|不许|不可以 .. 跟我|和我|跟我同|和我同|理我 .. 同一组|一组|同组|一起|玩|坐|同桌|讲话|说话'),
    r('bullying', '抢 .. 我的 .. 钱|零用钱|东西|手机|鞋|书包'),
    r('bullying', '抢走|拿走 .. 我的'),
    r('bullying', '要 ... 块|元 .. 才 .. 还我'),
    r('bullying', '叫我 .. 每天 .. 买|给|请'),
    r('bullying', '不然|否则|如果 .. 就 .. 扭|打|揍|踢|弄'),
    r('bullying', '大家|全班|他们|她们 .. 都 .. 不理我|笑我|讨厌我|骂我|不跟我玩'),
    r('bullying', '骂我 .. 丑|胖|猪|白痴|笨蛋|废物|恶心|脏'),
    r('bullying', '说我 .. 很脏|很臭|很丑|恶心'),
    r('bullying', '照片|影片|秘密 ... 传|放|贴|传到 .. 网上|群组|脸书|ig|抖音|全班'),
    r('bullying', '群组 .. 专门 .. 骂我|笑我'),
    r('bullying', '被 .. 推下|绊倒|推到'),
    r('bullying', '拿 .. 刀|美工刀|剪刀 ... 说 .. 要'),
    // Hopelessness.
    r('hopelessness', '没救了|我没救|无药可救|没希望|没有希望|绝望|好绝望|没有意义|没意义|没有未来|看不到未来|不会变好|永远不会好|不可能变好|不会好起来|放弃了|我放弃|放弃一切|什么都不想做|做什么都没用|努力也没用|努力也没有用|活着好难|什么都不重要|什么都不在乎|都不在乎了|哭也没用|什么感觉都没有|没有感觉了|坏掉了|修不好|没出息|一直这样|永远都会是一个人|每天都一样烂|一样烂|干嘛还要努力|干嘛要努力|还要努力干嘛|不会成功|做什么都不会|不够好|永远都不会|再也不会好|都是因为我|一定是因为我|这个家再也|看不到任何希望|看不到希望|没有人可以帮我|没人能帮我|没有人能帮我|想不起来上次开心|不会开心了|再也不会开心|以后都不会开心|失败品', { anywhere: true }),
    r('hopelessness', '我 .. 好|很|是|真是|就是|真的很 .. 没用|废物|垃圾|失败者|没价值|一无是处|多余|笨', { self: true }),
    r('hopelessness', '讨厌|恨 .. 自己|我自己'),
    r('hopelessness', '我 .. 是 .. 最 + 糟糕|烂|差劲|失败|没用 .. 小孩|孩子|人|女儿|儿子', { self: true }),
    r('suicide', '道别信|告别信|写遗书|不能再陪你们|以后不能再陪|不能陪你们了|再也不能陪', { anywhere: true }),
    r('hopelessness', '没有价值的人|没价值的人|一辈子都会这样|一辈子都这样|都是我害的|全是我害的|全都是我害的|怎么做都没办法|怎么做都没用|怎么努力都没用|没办法改变', { anywhere: true }),
    r('hopelessness', '没人|没有人|不会有人 .. 在乎|关心|爱|喜欢|需要 .. 我'),
    r('hopelessness', '大家|所有人 .. 都 .. 讨厌我|恨我|不要我'),
    r('hopelessness', '什么都做不好|做不好任何事|什么事都做不好|一点用都没有|好空|心好空|空空的|麻木', { anywhere: true }),
    r('hopelessness', '以后|永远|一直 .. 也会|都会|都是 .. 这样|一个人|这么烂'),
  ],
  masks: [
    '累死|笑死|热死|冷死|饿死|吓死|困死|烦死|气死|痛死|忙死|闷死|无聊死|渴死|羡慕死|丑死|臭死|急死|晒死|撑死|赶死|紧张死|尴尬死|帅死|可爱死|萌死|开心死|香死',
    '死党|死机|死定了|该死|要死了|得要死|得半死|半死|死命|拼死|死都|打死也不|打死不|死也不|死心|死角|死记|死背|死鱼|死线|死忠|死亡笔记',
    '难到|烦到|气到|考到 .. 想撞墙|撞墙',
    '回打|打回来|打回去',
    '打到一半|打到最后',
    // A grandmother's sweets kept from mum: 「偷塞糖果给我 叫我不要跟妈妈讲」.
    '糖果|糖|零食|巧克力|红包|冰淇淋|饮料|礼物|点心 ... 叫|要',
    '跳楼大拍卖|跳楼价|杀价|砍价|杀时间|杀手|狼人杀|杀虫|杀菌|自杀式|反霸凌|霸凌宣导|防霸凌|没有霸凌|不霸凌',
    '不想死|不会想死|才不想死|不会自杀|不会伤害自己|我很爱我的生命|我爱生命',
    '完蛋|惨了|糟糕|死定 ... 会杀了我|会宰了我|会打死我|杀了我',
    '以为 .. 我 .. 被欺负|被霸凌|被打',
    '有没有|是不是 ... 被 .. 打|欺负|霸凌|骂',
    // "Nobody at home hits me": the student says it does not happen.
    '没有人|没人|没有谁 .. 会|敢|有 .. 打我|揍我|踢我|欺负我|打|揍|踢|欺负',
    '没有你|没了你|没有妳 .. 活不下去|会死|怎么活',
    '丢脸|尴尬|害羞|糗|出糗|紧张 ... 想消失|消失|不见',
    '原地消失',
    '吃|偷吃|吃掉|碰|用|拿 ... 宰了|杀了|打死|揍死|掐死',
    '消失在 .. 棉被|被子|被窝|床上',
    '作业|功课|考试|考卷|数学|补习 ... 好想死|想死|去死|死定',
  ],
  negators: '不|没|没有|别|不会|从不|才不|从来不|不要|不是',
  together: [
    { category: 'abuse', words: ['说是撞到|说撞到|说是跌倒|说我跌倒|说是摔倒|说我摔倒|说是不小心|说是自己撞|说是自己跌', '其实是我爸|其实是我妈|其实是爸|其实是妈|其实是继父|其实是后母|其实是阿公|其实是阿嬷'] },
    { category: 'suicide', words: ['月台|铁轨|火车来|顶楼|楼顶|屋顶|阳台|河边|桥上', '往前走一步|跳下去|一步就|结束一切|全部结束|就都结束|一切都结束'] },
    { category: 'suicide', words: ['想死|去死|自杀|不想活|消失', '不要跟老师说|不要告诉|别告诉|帮她保密|帮他保密|保密|不要说出去'] },
    { category: 'suicide', words: ['药|安眠药|药丸|绳子', '数|数了|藏|藏在|够|全部|偷偷|知道可以用'] },
    { category: 'suicide', words: ['送给|都送|送掉', '信|一封信|用不到|不需要|再见|烦恼'] },
  ],
  hyperbole: '无聊|紧张|尴尬|丢脸|好饿|好热|好冷|笑到|太好笑|好累|作业好多|功课好多|好多作业',
  younger: '妹妹|弟弟|小妹|小弟|宝宝',
  passing: '就好了|就没事了|后来就好|一下就好|就不难过了|好多了|就忘了|心情变好|又开心了|马上就好',
  teaching: '新闻|专线|113|1925|辅导课|健康课|生命教育|宣导|讲座|海报|在讲|课在讲|反霸凌|防霸凌|认识霸凌|学到|上课讲',
  asked: '问我|一题问|有一题|问说|问我有没有|问我会不会|问我是不是|有没有想过|问卷|调查',
  conditional: '如果|假如|要是|万一',
  denial: '才不会|我才不会|勾没有|我勾没有|完全没有|当然没有|才没有|没有啦|绝对没有|一点也没有|从来没有|我说没有|说没有',
  staged: '道具|假装|假的|排练|演戏|舞台|台词|纸做的|塑胶|玩具',
  fiction: '《|》|韩剧|日剧|美剧|演|演的|演得|蟑螂|猫|狗|苍蝇|猫咪|狗狗|宠物|游戏|电动|电玩|手游|魔王|王者|打怪|怪物|僵尸|丧尸|角色|玩家|关卡|副本|赛车|玛利欧|马力欧|瑪利歐|龟壳|电影|影片|卡通|动画|动漫|漫画|小说|故事|书里|书上|剧|连续剧|演员|演戏|话剧|梦|做梦|恶梦|噩梦|宝可梦|皮卡丘|鬼|吃鸡|开玩笑|骗你的|假的|柯南|主角|不小心|宣导|反霸凌',
  activity: '篮球|足球|躲避球|棒球|排球|比赛|体育课|球|跆拳道|柔道|空手道|摔角|玩|闹着玩|打闹|打枕头|枕头战|枕头大战|搔痒|切菜|做菜|煮饭|烤|蛋糕|水果|厨房|刀切|医生|打针|疫苗|牙医|蚊子|狗|猫|练习|教练|劳作|美劳|热熔胶|手工|跌倒|摔倒|受伤|枕头|煮|锅|锅子|炒|烤箱|球拍|拍子|羽球|羽毛球|网球|升级|考试|黄带|教练',
  playful: '互相道歉|笑到不行|笑成一团|大家都看到|不小心|哈哈|哈哈哈|呵呵|好好玩|好玩|超好玩|开心|不痛|一点都不痛|没事|没关系|笑到|才三岁|xd',
  others: '他|她|他们|她们|它|朋友|同学|哥哥|姐姐|弟弟|妹妹|角色|主角|有人|别人|人家|表姊|表哥|狗|猫',
  home: '后母|后妈|后爸|家|家里|在家|回家|爸|妈|哥|姐|弟|妹|叔|伯|舅|阿姨|姑姑|爷爷|奶奶|阿公|阿嬷|外公|外婆|继父|继母|家人|晚上|喝醉|皮带|衣架',
  school: '学校|班上|班|同学|下课|上课|教室|厕所|走廊|操场|放学|校车|学长|学姐|男生|女生|朋友|群组|网上|网路|ig|line|脸书|老师',
}

const ja: Lexicon = {
  sets: {
    me: '私|わたし|僕|ぼく|俺|おれ|自分|じぶん|うち|あたし',
    family: '兄ちゃん|姉ちゃん|にいちゃん|ねえちゃん|父ちゃん|母ちゃん|とうちゃん|かあちゃん|じいちゃん|ばあちゃん|お父さん|おとうさん|父|父さん|とうさん|パパ|ぱぱ|親父|お母さん|おかあさん|母|母さん|かあさん|ママ|まま|お兄ちゃん|おにいちゃん|兄|お姉ちゃん|おねえちゃん|姉|弟|妹|おじさん|叔父|伯父|おばさん|叔母|伯母|おじいちゃん|祖父|おばあちゃん|祖母|親|継父|継母|義父|新しいお父さん|ママの彼氏|ママのかれし|彼氏|大人',
    peers: 'あいつら|あいつ|みんな|クラス|男子|女子|先輩|友達|ともだち|やつら|やつ|グループ|彼ら|彼',
  },
  rules: [
    // Suicidal thoughts: the phrases in kanji and in kana, matched in the text itself (kana is often cut oddly).
    r('suicide', '死にたい|しにたい|シニタイ|タヒにたい|氏にたい|死にたく|しにたく|死のうかな|しのうかな|死のう|しのう|死んじゃいたい|しんじゃいたい|死んだほうが|しんだほうが|死んだ方が|死ねたら|しねたら|死ねばいい|しねばいい|消えたい|きえたい|消えてしまいたい|きえてしまいたい|消えようか|きえようか|いなくなりたい|居なくなりたい|いなくなったら|いなくなってたら|いなくなってればいい|いなくなっちゃえば|いなくなれば|いないほうが|いない方が|生きていたくない|いきていたくない|生きたくない|いきたくない|生きてる意味|生きる意味|いきてる意味|いきるいみ|いきてるいみ|生まれてこなければ|うまれてこなければ|うまれてこなきゃ|生まれてこなきゃ|生まれなければ|うまれなければ|生まれてこなきゃ|自殺|じさつ|自死|命を絶|楽になりたい|らくになりたい|ラクになりたい|ラクになる|らくになる|楽になる|あの世|天国に行きたい|天国にいきたい|てんごくにいきたい|ところに行きたい|ところにいきたい|目が覚めなければ|目がさめなければ|めがさめなければ|ずっと眠|ずっとねむ|永遠に眠|飛び降り|とびおり|電車に飛び|電車にとび|でんしゃにとび|でんしゃに飛び|線路に飛び|線路にとび|せんろにとび|ホームから飛び|ホームからとび|トラックに飛び|車に飛び込|くるまにとびこ|川に飛び込|川にとびこ|首をつ|くびをつ|首吊|首つり|遺書|いしょを|最後の日記|さいごの日記|さいごのにっき|死ねる|しねる|今までありがと|いままでありがと|目が覚めなかったら|目がさめなかったら|起きなくなる|おきなくなる|起きなかったら|何錠|なんじょう|終わらせる|おわらせる|全部終わる|ぜんぶ終わる|じぶんでおわり|自分で終わり|自分でおわり|もうおわりにしたい|もう終わりにしたい|おくじょうからとぶ|屋上から飛ぶ|屋上からとぶ|おくじょうから飛|全部おわる|のとこに行きたい|のところに行きたい|とこにいきたい|待てない|まてない|飛んだら|とんだら|アカウントあげ|パスワード|もうすぐいなくなる|お別れ|おわかれ|ばいばいにした|もうぼくにはいらない|もうわたしにはいらない|もういらないから|迷惑かける|めいわくかける|迷惑をかける|いないほうがみんな', { self: true, anywhere: true }),
    r('suicide', '死ぬ|しぬ|消える|きえる + たい|たく|う', { self: true }),
    r('suicide', '薬|くすり ... 全部|ぜんぶ|いっぱい|たくさん ... 飲|のむ|のん|飲む'),
    r('suicide', '薬|くすり ... かぞえ|数え|ためて|ためる|集め|あつめ'),
    r('suicide', 'ロープ|ひも|縄 ... 使え|つかえ|かくし|隠し|首'),
    r('suicide', '屋上|おくじょう|フェンス|線路|せんろ|橋|はし|窓|まど|ベランダ ... 落ちたら|おちたら|飛んだら|とんだら|飛び降り|とびおり|とぶ|飛ぶ|楽になれる|らくになれる|楽になる|らくになる'),
    // Self-harm.
    r('self_harm', '髪抜|かみぬ|髪を抜|髪の毛抜|ハゲ|食べる資格|たべるしかく|水だけ|消しゴムで|けしごむで|血がにじむ|がりがり|ガリガリ|頭を壁|壁にぶつけ|かべにぶつけ|何回も殴|なんかいもなぐ|熱くして|あつくして|痛いほうが|いたいほうが|メンブレ|リスカ|リストカット|アムカ|レグカ|自傷|じしょう|自分を傷つけ|自分をきずつけ|じぶんをきずつけ|自分を傷付け|自分をなぐ|自分を殴|自分をたた|自分を叩|自分を切|自分のうで|自分の腕|自分の手|自分の足|自分の頭|自分のあたま|じぶんのうで|自分をつね|自分に罰|自分をばっ|また切った|またきった|切ったきず|切った傷|きったきず|うで切る|腕切る|うでを切|腕を切|手首を切|手首切|てくびを切|てくびをき|うでをひっか|腕をひっか|血が出るまで|ちがでるまで|血がでるまで|血を見ると|ちをみると|壁に頭|かべに頭|かべにあたま|壁にあたま|頭をかべ|髪の毛をぬ|かみの毛をぬ|かみのけをぬ|髪をぬ|髪を抜|わざとやって|わざと切|わざときっ|また切っ|またきっ|きず見られたくない|傷見られたくない|きずを見られたくない|傷を見られたくない', { self: true, anywhere: true }),
    r('self_harm', 'わざと|やめられない|やめらんない|止められない ... ぬく|抜く|ぬい|抜い|むしる|むしっ', { self: true }),
    r('self_harm', '髪|かみ|髪の毛|かみのけ|まつげ|まゆげ ... ぬく|抜く|ぬい|抜い|むしる|むしっ ... やめられない|やめらんない|止められない|わざと|うすく|薄く|ハゲ|はげ', { self: true }),
    r('self_harm', combos(['カベ', '壁', 'かべ'], ['を殴', 'をなぐ', 'をグー', 'をぐー', 'に頭', 'にあたま', 'をけ']), { self: true, anywhere: true }),
    r('self_harm', combos(['うで', '腕', '手首', 'てくび', '太もも', 'ふともも', '足', 'あし', 'はだ', '肌'], ['を切', 'をき', '切っ', 'きっ', 'を傷', 'をきず', 'をひっか', 'をかん', 'を噛', 'をやい', 'を焼', 'をつね']), { self: true, anywhere: true }),
    r('self_harm', 'カッター|カミソリ|かみそり|刃|コンパス|ライター|定規 ... 腕|うで|手首|てくび|自分|手|あし|足'),
    r('self_harm', '傷|きず|あと|跡 ... 隠|かく|見られたくない|みられたくない|長袖|長そで|ながそで'),
    r('self_harm', 'ばんそうこう|絆創膏 ... 切った|きった|きず|傷'),
    r('self_harm', '輪ゴム|わゴム|ヘアゴム|ゴム ... パチン|ぱちん|はじ|弾'),
    r('self_harm', combos(['うで', '腕', '手首', 'てくび', '太もも', 'ふともも', 'あし', '足', 'はだ', '肌', '手'], ['をあぶ', 'あぶっ', 'を炙', 'をこが', 'を焦が']), { self: true, anywhere: true }),
    r('self_harm', 'いたい|痛い|いたく|痛く ... おちつく|落ち着く|おちつい|落ち着い|すっきり|スッキリ|安心|あんしん'),
    r('self_harm', 'あざ|アザ|傷|きず|血|ち ... やめられない|やめられなく|止められない|とめられない|やめらんない'),
    // Abuse or neglect at home.
    r('abuse', '@family .. に|が|から ... たたかれ|叩かれ|なぐられ|殴られ|けられ|蹴られ|ぶたれ|はたかれ|なげられ|投げられ|おされ|押され|つかまれ|しめられ|絞められ|ひねられ|つねられ|やかれ|焼かれ|おしつけられ|押し付けられ|押しつけられ|やられ|ボコボコにされ|ぼこぼこにされ|ボコられ|ぼこられ|たたく|叩く|なぐる|殴る|ける|蹴る|しめて|さわって|触って|たたいて|叩いて|なぐって|殴って|けって|蹴って', { story: true }),
    r('abuse', 'さわってくる|触ってくる|さわられ|触られ|いやなところ|嫌なところ|変なところ|へんなところ|ひみつだよ|秘密だよ|言うなって|いうなって|言っちゃだめ|ないしょ|内緒', { anywhere: true }),
    r('abuse', '服 .. を .. 脱|ぬが'),
    r('abuse', '裸の写真|はだかの写真|はだかのしゃしん|性的|エッチなこと|えっちなこと', { anywhere: true }),
    r('abuse', '閉じ込められ|とじこめられ|閉め出され|しめだされ|締め出され|追い出され|おいだされ|ベランダに出され|ベランダにだされ|外に出され|そとにだされ|捨てるぞ|すてるぞ|出ていけ|でていけ', { anywhere: true }),
    r('abuse', '施設に入れる|しせつにいれる|施設に入れられ|ごはんもらえてない|ごはんもらえない|ご飯もらえてない|ご飯もらえない|食べさせてもらえ|金曜から帰ってこない|から帰ってこない|から帰ってない|あと1個|あと一個|ごはんぬき|ご飯抜き|ごはん抜き|夕ごはんぬき|晩ごはんぬき|ごはんがない|ご飯がない|ごはんがなく|ご飯がなく|何も食べてない|なにも食べてない|なにもたべてない|何もたべてない|ごはんなし|ご飯なし|夜ごはん食べてない|ごはん食べてない|ご飯食べてない|カップめんだけ|おなかすいてる|食べさせてもらえない', { anywhere: true }),
    r('abuse', '@family ... 日|週間|にち ... いない|かえってこない|帰ってこない|かえらない|帰らない'),
    r('abuse', '家|いえ|うち ... 帰る|かえる|帰り ... 怖い|こわい'),
    r('abuse', '酔う|よっぱらう|酔っぱらう|お酒|おさけ ... 殴|叩|なぐ|たた|暴れ|あばれ'),
    r('abuse', '@family ... やられた|にやられ|ころすぞ|殺すぞ|ころすって|殺すって|ころされ|殺され|なぐるぞ|殴るぞ'),
    r('abuse', '階段 .. から .. おされ|押され|落とされ|おとされ'),
    r('abuse', '@family ... もう|ずっと ... かえってこない|帰ってこない|かえらない|帰らない|かえってない|帰ってない'),
    r('abuse', 'ベランダ|外|そと|物置|ものおき|押し入れ|おしいれ|トイレ ... 出して|だして|入れて|いれて|出され|だされ ... かぎ|鍵 ... しめ|閉め|かけ'),
    // Harm done to the student by someone.
    r('harm', 'さしてくる|刺してくる|毎日やられる|ビンタされ|びんたされ|ビンタして|たたかれ|叩かれ|なぐられ|殴られ|けられ|蹴られ|ぶたれ|はたかれ|なげられ|投げられ|つかまれ|しめられ|絞められ|ひねられ|つねられ|おしつけられ|押し付けられ|押しつけられ|たたいてくる|叩いてくる|なぐってくる|殴ってくる|けってくる|蹴ってくる|しめてくる|首をしめ|くびをしめ', { story: true, anywhere: true }),
    r('harm', 'あざ|アザ|痣|けが|ケガ|怪我 .. は .. お父さん|お母さん|父|母|パパ|ママ|兄|あいつ'),
    r('harm', 'やめてって|やめてと|やめてっていって|やめてって言って ... やめてくれない|やめてくれなかった|やめない'),
    r('harm', 'あざだらけ|アザだらけ|毎日あざ|まいにちあざ', { anywhere: true, story: true }),
    // Bullying and threats.
    r('bullying', 'パンチされ|ぱんちされ|腹パン|はらパン|腹ぱん|背中けられ|せなかけられ|背中蹴られ|足かけられ|足をかけられ', { anywhere: true, story: true }),
    r('bullying', '晒して|晒され|さらして|拡散され|雑魚|ざこ|ねらわれ|狙われ|笑われた|わらわれた|押さえつけ|いじめ|イジメ|虐め|いじめられ|ハブられ|無視され|むしされ|仲間外れ|なかまはずれ|カツアゲ|かつあげ|脅さ|おどさ|パシリ|ぱしり|つばはかれ|つばをはかれ|きたないって|キモいって|きもいって|うざいって|死ねって|しねって|消えろって|きえろって|死ねと|死ね」|「死ね|しね」|「しね|消えろ」|きもい」|明日殺す|あした殺す|家知ってる|殺す」|くさいって|臭いって|すわってくれない|あそんでくれない|遊んでくれない|話してくれない|ころすって|殺すって|なぐるって|殴るって|ボコるって|ぼこるって|けるって|蹴るって|ボコる|ぼこる|ボコボコ|ぼこぼこ|殺すぞ|ころすぞ|きるぞ|切るぞ|なぐるぞ|殴るぞ|ぶっ殺|しめるぞ|はらえって|払えって|持ってこいって|もってこいって|買わされ|かわされ|ばらまく|さらす|晒す|晒され|さらされ|あげられた|上げられた|動画とられ|写真とられ|悪口言われ|わるぐち', { anywhere: true, story: true }),
    r('bullying', 'お金|おかね|お小遣い|おこづかい|円 ... 取|とら|とられ|盗|払|はら'),
    r('bullying', 'もってこい|持ってこい|はらえ|払え|よこせ|買わされ|かわされ|かえしてほしかったら|返してほしかったら', { anywhere: true }),
    r('bullying', 'なりすまし|成りすまし|なりすまされ|私の名前で|わたしの名前で|ぼくの名前で|僕の名前で|俺の名前で|勝手にアカ|偽アカ|ニセアカ|にせアカ|勝手にアカウント', { anywhere: true }),
    r('bullying', '靴|くつ|上履き|上ばき|うわばき|教科書|筆箱|ふでばこ ... とられ|取られ|隠され|かくされ|捨てられ|すてられ'),
    r('bullying', 'みんな|クラス|全員 ... 無視|むし|笑われ|わらわれ'),
    // Hopelessness.
    // Phrases that say "not" themselves (a following 「ない」 is theirs, not a denial).
    r('bullying', '脅す|おどす|脅かす + れる|られる', { act: true }),
    r('hopelessness', 'いいことなんて一つもない|いいことなんかひとつもない|いいことなんてひとつもない|いいことなんか一つもない|この先いいこと', { anywhere: true }),
    r('self_harm', 'わざと|自分で|じぶんで .. あぶる|焼く|やく|焦がす|こがす|やけど'),
    r('self_harm', 'リスカしてる|リスカしてた|手首に傷がいっぱい|てくびにきずがいっぱい|腕に傷がいっぱい|うでにきずがいっぱい|自分で切ってる|じぶんできってる', { anywhere: true, story: true }),
    r('hopelessness', 'いいことなんてない|いいことなんかない|いい事なんてない|いいことない|やるいみない|やる意味ない|意味ない|いみない|意味がない|いみがない', { anywhere: true }),
    r('hopelessness', '絶望|ぜつぼう|希望がない|きぼうがない|希望なんて|未来なんて|みらいなんて|未来がない|いいことない|どうせ|むだ|ムダ|無駄|意味ない|いみない|意味がない|がんばる意味|頑張る意味|価値ない|価値がない|かちない|役立たず|やくたたず|ゴミだ|ごみだ|クズだ|くずだ|自分はダメ|わたしはダメ|ぼくはダメ|おれはダメ|自分なんてダメ|おまえはダメ|ダメな人間|だめな人間|オワコン|おわってる|終わってる|ムリゲー|むりげー|よくならない|良くならない|何も変わらない|なにも変わらない|なにもかわらない|かわんない|変わんない|ずっとこのまま|このままずっと|あきらめた|諦めた|こわれてる|壊れてる|なおらない|治らない|何も感じない|なにも感じない|なにもかんじない|からっぽ|空っぽ|自分が嫌い|自分がきらい|じぶんがきらい|自分が大嫌い|誰もわかってくれない|だれもわかってくれない|誰も必要と|いないほうがいい|うまくいかない|気がしない|元には戻らない|もとにはもどらない|もどらない|必要とされてない|必要とされていない|期待に届かない|ぼくのせい|わたしのせい|おれのせい|自分のせい|クラスで空気|失敗作|しっぱいさく|認められない|みとめられない|二度と楽しい|にどと楽しい|楽しいことなんてない|最後に楽しい|これからもずっとこう|何もどうでもいい|なにもどうでもいい|もうどうでもいい|なんでもどうでもいい|全部どうでもいい|ぜんぶどうでもいい|大事じゃない|だいじじゃない|いらない人間|いらない子|好きになってくれない|誰も好き|だれも好き', { anywhere: true }),
  ],
  masks: [
    '死ぬ + ほど|かと思う|ぐらい|くらい|気で|思い|そう',
    '死ぬほど|しぬほど|死ぬかと|しぬかと|死にそう|しにそう|死ぬ気|しぬき|マジ死んだ|まじ死んだ|まじしんだ|オワタ|死んだ魚|必死|ひっし|死角|死守|笑い死|わらいじ',
    'はずかしくて|恥ずかしくて|はずかしすぎて|恥ずかしすぎて ... 消えたい|きえたい|消えたかった|きえたかった|死にたい|しにたい',
    '防止|ぼうし|授業|じゅぎょう|話をきいた|話を聞いた|大人に言う|おとなにいう|相談',
    '殺す気|ころす気|人狼|殺虫|殺菌|安楽死|あんらくし|安楽',
    // 「（ペットに）お別れした」: a goodbye said, not a farewell written.
    'お別れ|おわかれ + し + た',
    // 「うまくて死ねる」「かわいすぎて死ねる」: delight, not a means.
    'て + 死ねる|しねる',
    'いじめられたの？|いじめられたの?|いじめられたのって|いじめじゃない',
    '緊張|きんちょう|はずかし|恥ずかし ... 消えたかった|消えたい|きえたい|きえたかった',
    'くらいなら|ぐらいなら ... 死んだほうが|死んだ方が|しんだほうが',
    '食う|食べる|たべる|くう|さわる|触る|使う|つかう ... 殺す|ころす|しばく',
    'とじこめられ|閉じ込められ|とじこめる|閉じ込める ... おばけ|お化け|幽霊|ゆうれい|怪談',
    // 「行きたくない」 written in kana is not 「生きたくない」 when a place is named.
    '学校|がっこう|塾|じゅく|プール|部活|ぶかつ|練習|れんしゅう|遠足|えんそく|病院|びょういん|歯医者|はいしゃ|そと|外 .. いきたくない|いきたくなかった',
    // Breakfast missed by oversleeping is not a meal withheld.
    '寝坊|ねぼう ... ごはん抜き|ごはんぬき|ご飯抜き|朝ごはん抜き|あさごはんぬき',
  ],
  negators: 'ない|ぬ|ず|ません|ねえ|しない|しません|ぜったいしない|絶対しない|じゃない',
  together: [
    { category: 'abuse', words: ['転んだって|ころんだって|ぶつけたって|ぶつけたと|転んだと|ころんだと|ドアにぶつけ', 'ほんとは|本当は|ほんとうは|実は|じつは'] },
    { category: 'suicide', words: ['死ぬ|しぬ|死にたい|しにたい|消えたい|きえたい', '言わないで|いわないで|ないしょ|内緒|秘密|ひみつ'] },
    { category: 'suicide', words: ['薬|くすり|ロープ|ひも', 'かぞえ|数え|足りる|たりる|かくし|隠し|ためて|使えば|つかえば'] },
    { category: 'suicide', words: ['あげた|あげちゃった|ゆずった', '手紙|てがみ|いらない|お別れ|さよなら|ばいばい'] },
  ],
  hyperbole: 'すぎて|恥ずかし|はずかし|尊|眠すぎ|ねむすぎ|暑すぎ|寒すぎ|笑いすぎ|草|ひま|ヒマ|退屈',
  younger: '妹|弟|いもうと|おとうと|赤ちゃん',
  passing: '元気になった|げんきになった|すぐ元気|けろっと|立ち直った|まあいっか|まぁいっか|気分が晴れ|きぶんがはれ|忘れた|わすれた|なおった|直った|楽しくなった',
  teaching: 'って言葉は|という言葉は|ってことばは|いじめの授業|いじめについての授業|いのちの授業|命の授業|道徳の授業|どうとくの授業|ニュース|の話してた|189|相談ダイヤル|について|防止|ぼうし|保健の授業|大人に言う|おとなにいう|大人に相談|学活|について話し|を習った|をならった|を習っ|って習った|ってならった|と習った|話をきいた|話を聞いた|のことを習|もいるらしい',
  asked: 'アンケート|あんけーと|ありますか|聞かれた|きかれた|ないか聞|ないかって',
  conditional: 'もし|もしも|たら|ったら',
  denial: 'ないない|ない！|ない!|全然ない|ぜんぜんない|ないよ|ありません|ないです|一回もない|「ない」に|「いいえ」に|いいえにした|いいえに〇|いいえにまる',
  staged: '道具|どうぐ|ふり|フリ|ダンボール|段ボール|だんぼーる|演技|えんぎ|舞台|ぶたい|セリフ|せりふ|おもちゃ|小道具',
  fiction: '将棋|しょうぎ|オセロ|トランプ|囲碁|いじめがない|セリフ|せりふ|学芸会|がくげいかい|発表会|ゴキブリ|ごきぶり|ねこ|猫|いぬ|犬|ペット|ゲーム|げーむ|ボス|ぼす|レベル上げ|レベルあげ|レベルアップ|キャラ|キャラクター|ゾンビ|モンスター|敵|てき|プレイ|マイクラ|マインクラフト|フォートナイト|ポケモン|映画|えいが|アニメ|あにめ|漫画|まんが|マンガ|本|ほん|小説|物語|ものがたり|劇|げき|ドラマ|主人公|冗談|じょうだん|ウソ|うそ|夢|ゆめ|ごんぎつね|鬼滅|煉獄|人狼|おばけ|お化け|怪談|こわい話|こわいはなし|ゆうれい|幽霊',
  activity: 'まくら|枕|まくら投げ|サッカー|野球|バスケ|ドッジボール|ボール|試合|しあい|体育|たいいく|部活|柔道|剣道|空手|プロレス|遊び|あそび|遊ぶ|あそぶ|ふざける|料理|りょうり|包丁|ほうちょう|野菜|やさい|ケーキ|台所|注射|ちゅうしゃ|歯医者|はいしゃ|医者|蚊|犬|いぬ|猫|ねこ|練習',
  playful: 'みんなに見られ|うっかり|ドジ|笑|www|楽しい|たのしい|おもしろい|面白い|わざとじゃない|だいじょうぶ|大丈夫|いたくない',
  others: '彼|彼女|あいつ|友達|ともだち|友だち|キャラ|主人公|兄|姉|弟|妹|誰か|だれか|犬|猫',
  home: '家|いえ|うち|帰る|かえる|お父さん|父|パパ|ぱぱ|お母さん|母|ママ|まま|兄|姉|弟|妹|おじさん|おばさん|祖父|祖母|おじいちゃん|おばあちゃん|親|継父|継母|彼氏|夜|よる|酔う|ベルト',
  school: '学校|がっこう|クラス|教室|きょうしつ|休み時間|放課後|ほうかご|部活|男子|女子|先輩|せんぱい|友達|ともだち|ライン|LINE|ネット|グループ|先生',
}

export const LEXICONS: Record<Language, Lexicon> = { en, zh, ja }
