"""Which languages a reply is written in: offline, cheap, no model.

Two readings, both over the reply's *letters* (``str.isalpha``; digits, punctuation, emoji and code symbols
say nothing of a language):

* **Script.** Most scripts name their language outright: Hangul is Korean, Kana is Japanese (Han without
  Kana is Chinese), Thai is Thai, Greek is Greek, Hebrew is Hebrew. A few scripts serve several languages;
  the letters only one of them uses decide (Persian and Urdu letters in Arabic script, Ukrainian and
  Serbian letters in Cyrillic); otherwise the script's main language is named (Cyrillic -> Russian,
  Devanagari -> Hindi), which is enough to know whether a judge reads it.
* **Words, for Latin script.** Latin letters are shared by dozens of languages, so their words decide:
  each word that is a common function word of a language (its stopwords, :data:`_STOPWORDS`) or carries
  a letter only that language uses (Turkish ``ı ğ ş``, Polish ``ł ą ę``, Vietnamese tone marks, ...) votes
  for it. A word several lists share (``de``, ``la``, ``te``) votes with the words only one language uses:
  it goes to those of its languages that have such words, in proportion (Dutch "de" in a reply whose "van"
  and "naar" are Dutch is Dutch, in one whose "los" and "puedo" are Spanish it is Spanish), and to the
  languages every judge reads where none has. The Latin letters are shared out between the
  languages in proportion to their votes. Latin text too short to vote reliably
  (fewer than :data:`MIN_LATIN_WORDS` words or :data:`MIN_LATIN_VOTES` votes) is *unidentified*: never
  called foreign, because a judge reading "OK." or a product name is no mistake worth abstaining over.

:func:`identify` returns the share of the letters in each language; :mod:`.abstention` decides from the
shares whether a judge can read the reply.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

UNIDENTIFIED = "und"
"""The language code of letters whose language cannot be told (short Latin text, unknown scripts)."""

MIN_LATIN_WORDS = 5
"""Latin text of fewer words is not assigned a language (``und``): too little to tell Turkish from a name."""
MIN_LATIN_VOTES = 3.0
"""Nor is Latin text whose words cast fewer votes than this (no function words, no telling letters)."""
MIN_SHARE_OF_VOTES = 0.25
"""A Latin language with less than this share of the votes gets none of the letters (a stray ``de``)."""
MIN_VOTES_OF_A_LANGUAGE = 2.0
"""Nor does one with fewer votes than this, nor (outside :data:`WELL_READ`) with fewer votes than this from distinct
words only it uses: one function word, however often said, is no evidence of a language ("one idea *per* slide" is English, though ``per``
is an Italian function word; "un anti-inflammatoire non stéroïdien" is French, though ``non`` is Italian)."""

NAMES: dict[str, str] = {
    "en": "English",
    "de": "German",
    "fr": "French",
    "es": "Spanish",
    "zh": "Chinese",
    "ar": "Arabic",
    "hi": "Hindi",
    "ko": "Korean",
    "ja": "Japanese",
    "ru": "Russian",
    "uk": "Ukrainian",
    "sr": "Serbian",
    "fa": "Persian",
    "ur": "Urdu",
    "th": "Thai",
    "el": "Greek",
    "he": "Hebrew",
    "bn": "Bengali",
    "ta": "Tamil",
    "te": "Telugu",
    "gu": "Gujarati",
    "pa": "Punjabi",
    "kn": "Kannada",
    "ml": "Malayalam",
    "si": "Sinhala",
    "my": "Burmese",
    "km": "Khmer",
    "lo": "Lao",
    "ka": "Georgian",
    "hy": "Armenian",
    "am": "Amharic",
    "bo": "Tibetan",
    "tr": "Turkish",
    "id": "Indonesian",
    "vi": "Vietnamese",
    "pl": "Polish",
    "pt": "Portuguese",
    "it": "Italian",
    "nl": "Dutch",
    "sv": "Swedish",
    "cs": "Czech",
    "ro": "Romanian",
    "hu": "Hungarian",
    "sw": "Swahili",
    "tl": "Tagalog",
    UNIDENTIFIED: "unidentified",
}
"""English names of the languages this module can name, for reports."""

# Unicode blocks (first, last code point, script). Ranges, not unicodedata.name(): one comparison per letter.
_BLOCKS: tuple[tuple[int, int, str], ...] = (
    (0x0041, 0x024F, "Latin"),
    (0x0370, 0x03FF, "Greek"),
    (0x0400, 0x052F, "Cyrillic"),
    (0x0530, 0x058F, "Armenian"),
    (0x0590, 0x05FF, "Hebrew"),
    (0x0600, 0x06FF, "Arabic"),
    (0x0750, 0x077F, "Arabic"),
    (0x0900, 0x097F, "Devanagari"),
    (0x0980, 0x09FF, "Bengali"),
    (0x0A00, 0x0A7F, "Gurmukhi"),
    (0x0A80, 0x0AFF, "Gujarati"),
    (0x0B80, 0x0BFF, "Tamil"),
    (0x0C00, 0x0C7F, "Telugu"),
    (0x0C80, 0x0CFF, "Kannada"),
    (0x0D00, 0x0D7F, "Malayalam"),
    (0x0D80, 0x0DFF, "Sinhala"),
    (0x0E00, 0x0E7F, "Thai"),
    (0x0E80, 0x0EFF, "Lao"),
    (0x0F00, 0x0FFF, "Tibetan"),
    (0x1000, 0x109F, "Myanmar"),
    (0x10A0, 0x10FF, "Georgian"),
    (0x1100, 0x11FF, "Hangul"),
    (0x1200, 0x139F, "Ethiopic"),
    (0x1780, 0x17FF, "Khmer"),
    (0x1E00, 0x1EFF, "Latin"),
    (0x1F00, 0x1FFF, "Greek"),
    (0x3040, 0x30FF, "Kana"),
    (0x3130, 0x318F, "Hangul"),
    (0x31F0, 0x31FF, "Kana"),
    (0x3400, 0x4DBF, "Han"),
    (0x4E00, 0x9FFF, "Han"),
    (0xA960, 0xA97F, "Hangul"),
    (0xAC00, 0xD7AF, "Hangul"),
    (0xF900, 0xFAFF, "Han"),
    (0xFB50, 0xFDFF, "Arabic"),
    (0xFE70, 0xFEFF, "Arabic"),
    (0xFF21, 0xFF5A, "Latin"),
    (0xFF66, 0xFF9F, "Kana"),
    (0x20000, 0x3134F, "Han"),
)

_SCRIPT_LANGUAGE: dict[str, str] = {
    "Greek": "el",
    "Cyrillic": "ru",
    "Armenian": "hy",
    "Hebrew": "he",
    "Arabic": "ar",
    "Devanagari": "hi",
    "Bengali": "bn",
    "Gurmukhi": "pa",
    "Gujarati": "gu",
    "Tamil": "ta",
    "Telugu": "te",
    "Kannada": "kn",
    "Malayalam": "ml",
    "Sinhala": "si",
    "Thai": "th",
    "Lao": "lo",
    "Tibetan": "bo",
    "Myanmar": "my",
    "Georgian": "ka",
    "Hangul": "ko",
    "Ethiopic": "am",
    "Khmer": "km",
    "Kana": "ja",
    "Han": "zh",
}

# Letters one language of a shared script uses and its main language does not: (script, language, letters).
_TELLING_LETTERS: tuple[tuple[str, str, str], ...] = (
    ("Arabic", "ur", "ٹڈڑںےۓھ"),
    ("Arabic", "fa", "پچژگکی"),
    ("Cyrillic", "uk", "іїєґІЇЄҐ"),
    ("Cyrillic", "sr", "ђћџјЂЋЏЈ"),
)
MIN_TELLING_SHARE = 0.02
"""Telling letters must make up this share of their script's letters (and be at least two) to name the
language: one Persian letter in an Arabic quotation is a loan, not Persian."""

JAPANESE_KANA_SHARE = 0.05
"""Han letters are Japanese, not Chinese, when Kana makes up at least this share of the Han and Kana
letters together (Japanese prose runs 30-70% Kana; Chinese has none)."""

# Common function words, lower case. Short on purpose: enough to vote, cheap to hold.
_STOPWORDS: dict[str, frozenset[str]] = {
    # Single letters (Polish "i", Portuguese "a", Czech "v") are words in too many languages to vote.
    lang: frozenset(w for w in words.split() if len(w) > 1)
    for lang, words in {
        "en": "the a and is are to of in that this it you not can i for with be have will would your what do per"
        " or this but as on at by if how from which there their we they an was should cannot me my so all"
        " about just more some been has had were",
        "de": "der die das und ist nicht ich sie es ein eine zu mit den von für auf ich kann werden wie"
        " dass ihnen nicht sich auch oder bei ihre diese du mir dich dir wir uns sind hat haben aber noch nur"
        " schon als alle sein wenn",
        "fr": "le la les et est pas je vous ne de du des un une que qui pour dans sur avec ce cette peux"
        " il elle sont ou au aux mais votre te me ma mon ton tu ses son nous leur très aussi tout être sans",
        "es": "el la los las y es no que de un una por para con en lo se puedo su como pero usted esta"
        " este del al son más te me mi tu ti nos os le ya muy sí sin sobre todo también hay qué cómo aquí eso"
        " esa ese mucho",
        "tr": "bir ve bu için ile da de değil ben sen bu şu olarak gibi çok daha ama veya ancak size"
        " yardımcı olamam olabilir ne nasıl",
        "id": "yang dan di ini itu untuk dengan tidak saya anda ada akan dari ke pada dapat bisa juga atau"
        " karena maaf membantu adalah lalu jika kamu kami kita sudah belum harus seperti oleh dalam lebih"
        " sangat hanya setelah sebelum beberapa cara bagi tetapi namun",
        "vi": "và là của có không tôi bạn được này cho với những một các để trong người như thể",
        "pl": "i w nie się na to że jest z do jak ale czy mogę pan pani tego jestem przez dla",
        "pt": "o a os as e é não que de um uma para com em do da no na por você posso isso também pela seu sua"
        " ao aos muito foi ele ela nao pode podem são tem têm eram foram",
        "it": "il la lo gli le e è non che di un una per con in del della sono posso questo mi dei delle degli nel"
        " nella sul sulla anche più ecco ogni tra questa quello molto tutti essere queste questi può senza"
        " poi dopo oppure sulle nelle dalla agli nei ma",
        "nl": "de het een en is niet ik je dat van op te met voor zijn kan dit wat naar tot uit ook maar bij hoe"
        " heb hebben worden wordt deze ze zo nog kunt uw geen zal moet zonder omdat tussen hun waar wanneer",
        "sv": "och är inte jag du det att en ett för med på som kan den har",
        "cs": "a je se na že to v nemohu není jsem s pro jak ale",
        "ro": "și este nu că de un o pentru cu în pe la sunt pot",
        "hu": "a az és hogy nem egy ez van meg de ezt nekem",
        "sw": "na ya wa kwa ni katika hii kuwa la siwezi",
        # Not "hindi" ("not"): in English text it is the name of a language, and a reply about Hindi is common.
        "tl": "ang ng mga sa na ako ko ikaw at ay para",
    }.items()
}

_LATIN_TELLING: dict[str, frozenset[str]] = {
    "tr": frozenset("ıİğĞşŞ"),
    "pl": frozenset("łŁąĄęĘśŚźŹżŻńŃćĆ"),
    "vi": frozenset(
        "ăĂơƠưƯđĐạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹẠẢẤẦẨẪẬẮẰẲẴẶẸẺẼẾỀỂỄỆỈỊỌỎỐỒỔỖỘỚỜỞỠỢỤỦỨỪỬỮỰỲỴỶỸ"
    ),
    "cs": frozenset("řŘěĚůŮ"),
    # ă is Vietnamese too: a word with it votes for both, and the reply's other words decide ("să", "până").
    "ro": frozenset("șȘțȚăĂ"),
    "hu": frozenset("őŐűŰ"),
    "pt": frozenset("ãÃõÕ"),
    "sv": frozenset("åÅ"),
    "de": frozenset("ß"),
    "es": frozenset("ñ¿¡"),
}

WELL_READ: frozenset[str] = frozenset({"en", "de", "fr", "es"})
"""Latin-script languages every shipped judge reads; a word they share with another language counts as theirs
when no word only one of those languages uses says otherwise, so doubt falls on the side of judging (a false
abstention loses a verdict the judge could have given)."""

_TELLING_OF: dict[str, str] = {ch: lang for _, lang, letters in _TELLING_LETTERS for ch in letters}
"""Telling letter of a shared script -> the language it tells."""
_LATIN_TELLING_CHARS: frozenset[str] = frozenset().union(*_LATIN_TELLING.values())


def _stopword_languages() -> dict[str, tuple[str, ...]]:
    """Word -> every language whose function words include it (Spanish "no" is Portuguese and Italian too)."""
    out: dict[str, tuple[str, ...]] = {}
    for word in sorted(frozenset().union(*_STOPWORDS.values())):
        out[word] = tuple(lang for lang, stop in _STOPWORDS.items() if word in stop)
    return out


_CODE = re.compile(r"```.*?(?:```|$)|`[^`\n]*`", re.DOTALL)
_DOTTED = re.compile(r"[A-Za-z0-9][.@][A-Za-z0-9]")
"""A dot or at sign inside an ASCII word: a domain, a mail address, a dotted name (``os.kill``)."""
_ASCII_NON_LETTERS = bytes(b for b in range(128) if not chr(b).isalpha())


def _language_only(text: str) -> str:
    """``text`` without code, web and mail addresses and dotted names (``samsung.com.br`` is no Portuguese).
    Whitespace-separated tokens, not a regular expression over the text: several times faster."""
    if "`" in text:
        text = _CODE.sub(" ", text)
    if "://" not in text and not _DOTTED.search(text):
        return text
    return " ".join(t for t in text.split() if not ("://" in t or (t.isascii() and _DOTTED.search(t))))


# A hyphenated compound is one word: the "non" of "non-toxic" is a prefix, not the Italian or French function word.
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*", re.UNICODE)
_ASCII_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")
_STOPWORD_LANGUAGES = _stopword_languages()


@lru_cache(maxsize=8192)
def _script(ch: str) -> str:
    cp = ord(ch)
    for first, last, script in _BLOCKS:
        if first <= cp <= last:
            return script
    return "Other"


@dataclass(frozen=True)
class LanguageShares:
    """What a reply is written in, as the share of its letters per language."""

    letters: int
    """Letters counted (``str.isalpha`` characters); 0 for a reply of digits, symbols or nothing."""
    shares: dict[str, float] = field(default_factory=dict)
    """Language code -> share of the letters, summing to 1 when there are letters; ``und`` for letters
    whose language could not be told."""
    method: dict[str, str] = field(default_factory=dict)
    """Language code -> how it was recognised: ``script`` or ``words``."""

    def letters_in(self, languages: set[str] | frozenset[str]) -> float:
        """Share of the letters in ``languages``."""
        return sum(share for lang, share in self.shares.items() if lang in languages)


def identify(text: str) -> LanguageShares:
    """The languages of ``text`` by share of its letters (see the module docstring). Code (in backticks or
    fences), web and mail addresses and dotted names are left out first: they are in no human language, and
    ``samsung.com.br`` spells a Portuguese word."""
    text = _language_only(text)
    by_script: Counter[str] = Counter()
    telling: Counter[str] = Counter()
    if text.isascii():  # the common case: every letter is Latin, counted in C
        latin = len(text.encode("ascii").translate(None, _ASCII_NON_LETTERS))
        if not latin:
            return LanguageShares(0)
        shares = _latin_languages(text)
        return LanguageShares(latin, shares, {lang: "words" for lang in shares if lang != UNIDENTIFIED})
    # Distinct characters only (counted in C): a reply of 600 characters has some 40 distinct ones.
    for ch, n in Counter(text).items():
        if not ch.isalpha():
            continue
        by_script[_script(ch)] += n
        if ch in _TELLING_OF:
            telling[_TELLING_OF[ch]] += n
    total = sum(by_script.values())
    if not total:
        return LanguageShares(0)
    counts: dict[str, float] = {}
    method: dict[str, str] = {}
    han, kana = by_script.pop("Han", 0), by_script.pop("Kana", 0)
    if han or kana:
        lang = "ja" if kana >= JAPANESE_KANA_SHARE * (han + kana) else "zh"
        counts[lang] = counts.get(lang, 0) + han + kana
        method[lang] = "script"
    latin = by_script.pop("Latin", 0)
    other = by_script.pop("Other", 0)
    counts[UNIDENTIFIED] = float(other)
    for script, n in by_script.items():
        lang = _SCRIPT_LANGUAGE[script]
        for tscript, tlang, _ in _TELLING_LETTERS:
            if tscript == script and telling[tlang] >= max(2, MIN_TELLING_SHARE * n):
                lang = tlang
                break
        counts[lang] = counts.get(lang, 0) + n
        method[lang] = "script"
    if latin:
        for lang, share in _latin_languages(text).items():
            counts[lang] = counts.get(lang, 0) + latin * share
            if lang != UNIDENTIFIED:
                method[lang] = "words"
    return LanguageShares(total, {k: v / total for k, v in counts.items() if v}, method)


def _latin_languages(text: str) -> dict[str, float]:
    """Shares of the Latin letters per language, by the votes of the words (``und`` when too few)."""
    ascii_only = text.isascii()  # no telling letter is ASCII
    if not ascii_only:
        text = unicodedata.normalize("NFC", text)
    if ascii_only:
        words = _ASCII_WORD.findall(text.lower())
    else:
        words = [w for w in _WORD.findall(text.lower()) if _script(w[0]) == "Latin"]
    if len(words) < MIN_LATIN_WORDS:
        return {UNIDENTIFIED: 1.0}
    own: dict[str, float] = {}
    # What each distinct own word weighs, per language: the evidence that a language is there at all. A word said
    # again is the same evidence ("AI", "CI" or "NAS" three times in an English reply is one word, not three).
    evidence: dict[str, dict[str, float]] = {}
    shared: Counter[tuple[tuple[str, ...], float]] = Counter()
    for word in words:
        if ascii_only or _LATIN_TELLING_CHARS.isdisjoint(word):
            langs = _STOPWORD_LANGUAGES.get(word, ())
            weight = 1.0
        else:
            # A telling letter outweighs a function word: it is spelling no other language uses.
            langs = tuple(lang for lang, letters in _LATIN_TELLING.items() if not letters.isdisjoint(word))
            weight = 2.0
        if len(langs) == 1:
            own[langs[0]] = own.get(langs[0], 0.0) + weight
            evidence.setdefault(langs[0], {})[word] = weight
        elif langs:
            shared[langs, weight] += 1
    votes = dict(own)
    for (langs, weight), n in shared.items():
        for lang, share in _shared_vote(langs, own).items():
            votes[lang] = votes.get(lang, 0.0) + n * weight * share
    total = sum(votes.values())
    if total < MIN_LATIN_VOTES:
        return {UNIDENTIFIED: 1.0}
    kept = {
        lang: v
        for lang, v in votes.items()
        if v / total >= MIN_SHARE_OF_VOTES
        and v >= MIN_VOTES_OF_A_LANGUAGE
        # Shared words follow a language's own words, so they cannot make up its evidence; nor can one word said again.
        and (lang in WELL_READ or sum(evidence.get(lang, {}).values()) >= MIN_VOTES_OF_A_LANGUAGE)
    }
    if not kept:
        return {UNIDENTIFIED: 1.0}
    kept_total = sum(kept.values())
    return {lang: v / kept_total for lang, v in kept.items()}


def _shared_vote(langs: tuple[str, ...], own: dict[str, float]) -> dict[str, float]:
    """How a function word of several languages splits its vote: in proportion to the votes its languages have
    from words only they use (Dutch "de" is Dutch in a reply whose "van" and "naar" are Dutch); where none of
    them has any, among the well-read ones (:data:`WELL_READ`), so doubt falls on the side of judging, and among all
    of them when none is well read."""
    evidence = {lang: own[lang] for lang in langs if own.get(lang)}
    if evidence:
        total = sum(evidence.values())
        return {lang: v / total for lang, v in evidence.items()}
    kept = [lang for lang in langs if lang in WELL_READ] or list(langs)
    return {lang: 1.0 / len(kept) for lang in kept}


def language_name(code: str) -> str:
    """English name of a language code this module uses (the code itself when unknown)."""
    return NAMES.get(code, code)


def detection_method(code: str) -> str:
    """How :func:`identify` recognises a language: ``words`` for Latin-script ones, ``script`` otherwise."""
    return "words" if code in _STOPWORDS else "script"
