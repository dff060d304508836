"""Snowball stemmers for Spanish, German and English, in plain Python.

They give the stems whoosh's Snowball stemmers give (the reference the index was
built with before; ``tests/test_search_parity.py`` checks every word of the corpus
against them), quirks included, and ``site/static/search.js`` holds the same
functions line for line, so a word stems alike on the server and in the browser.

Words reach a stemmer lowercased and folded (``analysis.fold``: no accents, ``ß`` as
``ss``), so the accented suffixes of the Snowball lists can never match and are left
out. Algorithms: https://snowballstem.org/algorithms/ (spanish, german, english).
"""

from __future__ import annotations


def _at(word: str, i: int) -> str:
    """``word[i]``, or "" where there is no such letter (the JavaScript port reads the same)."""
    return word[i] if -len(word) <= i < len(word) else ""


def _r1r2(word: str, vowels: str) -> tuple[str, str]:
    """R1: after the first non-vowel following a vowel; R2: the same inside R1."""
    r1 = r2 = ""
    for i in range(1, len(word)):
        if word[i] not in vowels and word[i - 1] in vowels:
            r1 = word[i + 1:]
            break
    for i in range(1, len(r1)):
        if r1[i] not in vowels and r1[i - 1] in vowels:
            r2 = r1[i + 1:]
            break
    return r1, r2


def _table(*suffixes: str) -> tuple[tuple[int, ...], frozenset]:
    """A suffix list as (lengths, longest first; the set): the reference tries its lists longest first."""
    assert all(len(a) >= len(b) for a, b in zip(suffixes, suffixes[1:])), suffixes
    return tuple(sorted({len(s) for s in suffixes}, reverse=True)), frozenset(suffixes)


def _ends(word: str, table) -> str:
    """The longest suffix of ``word`` in the table (the first the reference would try that matches), or ""."""
    lengths, suffixes = table
    for n in lengths:
        if n <= len(word) and word[-n:] in suffixes:
            return word[-n:]
    return ""


def _cut(n: int, *parts: str) -> list[str]:
    return [p[:-n] if n else p for p in parts]


# -- Spanish -----------------------------------------------------------------------
_ES_VOWELS = "aeiou"
_ES_STEP0 = _table("selas", "selos", "sela", "selo", "las", "les", "los", "nos", "me", "se", "la", "le", "lo")
_ES_STEP1 = _table("amientos", "imientos", "amiento", "imiento", "aciones", "uciones", "adoras", "adores", "ancias",
             "encias", "amente", "idades", "anzas", "ismos", "ables", "ibles", "istas", "adora", "antes", "ancia",
             "encia", "mente", "anza", "icos", "icas", "ismo", "able", "ible", "ista", "osos", "osas", "ador",
             "ante", "idad", "ivas", "ivos", "ico", "ica", "oso", "osa", "iva", "ivo")
_ES_STEP2A = _table("yeron", "yendo", "yamos", "yais", "yan", "yen", "yas", "yes", "ya", "ye", "yo")
_ES_STEP2B = _table("aremos", "eremos", "iremos", "ierais", "ieseis", "asteis", "isteis", "ieran", "iesen", "ieron",
              "iendo", "ieras", "ieses", "abais", "arais", "aseis", "iera", "iese", "aste", "iste", "aban", "aran",
              "asen", "aron", "ando", "abas", "adas", "idas", "aras", "ases", "ados", "idos", "amos", "imos", "emos",
              "aba", "ada", "ida", "ara", "ase", "ado", "ido", "ad", "ed", "id", "an", "ar", "er", "ir", "as", "en",
              "es")
_ES_STEP3 = _table("os", "a", "e", "o")


def _es_rv(word: str) -> str:
    vowels = _ES_VOWELS
    if len(word) < 2:
        return ""
    if word[1] not in vowels:
        for i in range(2, len(word)):
            if word[i] in vowels:
                return word[i + 1:]
        return ""
    if word[:2] in vowels:  # a substring test, as in the reference: "ae", "ei", "io", "ou"
        for i in range(2, len(word)):
            if word[i] not in vowels:
                return word[i + 1:]
        return ""
    return word[3:]


def spanish(word: str) -> str:
    r1, r2 = _r1r2(word, _ES_VOWELS)
    rv = _es_rv(word)
    suffix = _ends(word, _ES_STEP0)  # attached pronouns
    if suffix:
        n = len(suffix)
        if rv.endswith(suffix) and (rv[:-n].endswith(("ando", "iendo", "ar", "er", "ir"))
                                    or (rv[:-n].endswith("yendo") and word[:-n].endswith("uyendo"))):
            word, r1, r2, rv = _cut(n, word, r1, r2, rv)
    step1 = False
    suffix = _ends(word, _ES_STEP1)  # standard suffixes
    n = len(suffix)
    if suffix:
        if suffix == "amente" and r1.endswith(suffix):
            step1 = True
            word, r2, rv = _cut(6, word, r2, rv)
            if r2.endswith("iv"):
                word, r2, rv = _cut(2, word, r2, rv)
                if r2.endswith("at"):
                    word, rv = _cut(2, word, rv)
            elif r2.endswith(("os", "ic", "ad")):
                word, rv = _cut(2, word, rv)
        elif r2.endswith(suffix):
            step1 = True
            if suffix in ("adora", "ador", "adoras", "adores", "aciones", "ante", "antes", "ancia", "ancias"):
                word, r2, rv = _cut(n, word, r2, rv)
                if r2.endswith("ic"):
                    word, rv = _cut(2, word, rv)
            elif suffix == "uciones":
                word, rv = word.replace(suffix, "u"), rv.replace(suffix, "u")
            elif suffix in ("encia", "encias"):
                word, rv = word.replace(suffix, "ente"), rv.replace(suffix, "ente")
            elif suffix == "mente":
                word, r2, rv = _cut(5, word, r2, rv)
                if r2.endswith(("ante", "able", "ible")):
                    word, rv = _cut(4, word, rv)
            elif suffix in ("idad", "idades"):
                word, r2, rv = _cut(n, word, r2, rv)
                for pre in ("abil", "ic", "iv"):
                    if r2.endswith(pre):
                        word, rv = _cut(len(pre), word, rv)
            elif suffix in ("ivo", "iva", "ivos", "ivas"):
                word, r2, rv = _cut(n, word, r2, rv)
                if r2.endswith("at"):
                    word, rv = _cut(2, word, rv)
            else:
                word, rv = _cut(n, word, rv)
    if not step1:
        lengths, suffixes = _ES_STEP2A  # verb suffixes beginning with y, after u
        for n in lengths:
            if n <= len(rv) and rv[-n:] in suffixes and word[-n - 1:-n] == "u":
                word, rv = _cut(n, word, rv)
                break
        suffix = _ends(rv, _ES_STEP2B)  # other verb suffixes (the reference tries them after 2a in any case)
        if suffix:
            word, rv = _cut(len(suffix), word, rv)
            if suffix in ("en", "es", "emos"):
                if word.endswith("gu"):
                    word = word[:-1]
                if rv.endswith("gu"):
                    rv = rv[:-1]
    suffix = _ends(rv, _ES_STEP3)  # residual suffix
    if suffix:
        word, rv = _cut(len(suffix), word, rv)
        if suffix == "e" and word[-2:] == "gu" and rv[-1:] == "u":
            word = word[:-1]
    return word


# -- German ------------------------------------------------------------------------
_DE_VOWELS = "aeiouy"
_DE_S_ENDING = "bdfghklmnrt"
_DE_ST_ENDING = "bdfghklmnt"
_DE_STEP1 = _table("ern", "em", "er", "en", "es", "e", "s")
_DE_STEP2 = _table("est", "en", "er", "st")
_DE_STEP3 = _table("isch", "lich", "heit", "keit", "end", "ung", "ig", "ik")


def german(word: str) -> str:
    vowels = _DE_VOWELS
    for i in range(1, len(word) - 1):  # u and y between vowels are consonants
        if word[i - 1] in vowels and word[i + 1] in vowels and word[i] in "uy":
            word = word[:i] + word[i].upper() + word[i + 1:]
    r1, r2 = _r1r2(word, vowels)
    for i in range(1, len(word)):  # R1 starts at the fourth letter at the earliest
        if word[i] not in vowels and word[i - 1] in vowels:
            if i + 1 < 3:
                r1 = word[3:]
            break
    suffix = _ends(r1, _DE_STEP1)
    if suffix:
        n = len(suffix)
        if suffix in ("en", "es", "e") and word[-n - 4:-n] == "niss":
            word, r1, r2 = _cut(n + 1, word, r1, r2)
        elif suffix == "s":
            if _at(word, -2) in _DE_S_ENDING:
                word, r1, r2 = _cut(1, word, r1, r2)
        else:
            word, r1, r2 = _cut(n, word, r1, r2)
    suffix = _ends(r1, _DE_STEP2)
    if suffix:
        if suffix == "st":
            if _at(word, -3) in _DE_ST_ENDING and len(word[:-3]) >= 3:
                word, r1, r2 = _cut(2, word, r1, r2)
        else:
            word, r1, r2 = _cut(len(suffix), word, r1, r2)
    suffix = _ends(r2, _DE_STEP3)
    if suffix:
        n = len(suffix)
        if suffix in ("end", "ung"):
            if "ig" in r2[-n - 2:-n] and "e" not in r2[-n - 3:-n - 2]:
                word = word[:-n - 2]
            else:
                word = word[:-n]
        elif suffix in ("ig", "ik", "isch") and "e" not in r2[-n - 1:-n]:
            word = word[:-n]
        elif suffix in ("lich", "heit"):
            if "er" in r1[-n - 2:-n] or "en" in r1[-n - 2:-n]:
                word = word[:-n - 2]
            else:
                word = word[:-n]
        elif suffix == "keit":
            if "lich" in r2[-n - 4:-n]:
                word = word[:-n - 4]
            elif "ig" in r2[-n - 2:-n]:
                word = word[:-n - 2]
            else:
                word = word[:-n]
    return word.replace("U", "u").replace("Y", "y")


# -- English -----------------------------------------------------------------------
_EN_VOWELS = "aeiouy"
_EN_DOUBLES = ("bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt")
_EN_LI_ENDING = "cdeghkmnrt"
_EN_STEP0 = _table("'s'", "'s", "'")
_EN_STEP1A = _table("sses", "ied", "ies", "us", "ss", "s")
_EN_STEP1B = _table("eedly", "ingly", "edly", "eed", "ing", "ed")
# suffix -> replacement (None: a rule of its own below)
_EN_STEP2_NEW = dict((("ization", "ize"), ("ational", "ate"), ("fulness", None), ("ousness", "ous"), ("iveness", "ive"),
             ("tional", None), ("biliti", "ble"), ("lessli", None), ("entli", None), ("ation", "ate"),
             ("alism", "al"), ("aliti", "al"), ("ousli", "ous"), ("iviti", "ive"), ("fulli", None), ("enci", None),
             ("anci", None), ("abli", None), ("izer", "ize"), ("ator", "ate"), ("alli", "al"), ("bli", "ble"),
             ("ogi", None), ("li", None)))
_EN_STEP2 = _table(*_EN_STEP2_NEW)
_EN_STEP3 = _table("ational", "tional", "alize", "icate", "iciti", "ative", "ical", "ness", "ful")
_EN_STEP4 = _table("ement", "ance", "ence", "able", "ible", "ment", "ant", "ent", "ism", "ate", "iti", "ous", "ive", "ize",
             "ion", "al", "er", "ic")
_EN_SPECIAL = {
    "skis": "ski", "skies": "sky", "dying": "die", "lying": "lie", "tying": "tie", "idly": "idl", "gently": "gentl",
    "ugly": "ugli", "early": "earli", "only": "onli", "singly": "singl", "sky": "sky", "news": "news", "howe": "howe",
    "atlas": "atlas", "cosmos": "cosmos", "bias": "bias", "andes": "andes", "inning": "inning", "innings": "inning",
    "outing": "outing", "outings": "outing", "canning": "canning", "cannings": "canning", "herring": "herring",
    "herrings": "herring", "earring": "earring", "earrings": "earring", "proceed": "proceed", "proceeds": "proceed",
    "proceeded": "proceed", "proceeding": "proceed", "exceed": "exceed", "exceeds": "exceed", "exceeded": "exceed",
    "exceeding": "exceed", "succeed": "succeed", "succeeds": "succeed", "succeeded": "succeed",
    "succeeding": "succeed",
}


def _swap(n: int, new: str, word: str, r1: str, r2: str, r2_short: str = "") -> tuple[str, str, str]:
    """Replace the last ``n`` letters by ``new`` in the word and in R1/R2 where they reach that far."""
    word = word[:-n] + new
    r1 = r1[:-n] + new if len(r1) >= n else ""
    r2 = r2[:-n] + new if len(r2) >= n else r2_short
    return word, r1, r2


def english(word: str) -> str:
    if word in _EN_SPECIAL:
        return _EN_SPECIAL[word]
    vowels = _EN_VOWELS
    word = word.replace("\u2019", "'").replace("\u2018", "'").replace("\u201b", "'")
    if word.startswith("'"):
        word = word[1:]
    if word.startswith("y"):
        word = "Y" + word[1:]
    for i in range(1, len(word)):
        if word[i - 1] in vowels and word[i] == "y":
            word = word[:i] + "Y" + word[i + 1:]
    if word.startswith(("gener", "commun", "arsen")):
        r1 = word[6:] if word.startswith("commun") else word[5:]
        r2 = ""
        for i in range(1, len(r1)):
            if r1[i] not in vowels and r1[i - 1] in vowels:
                r2 = r1[i + 1:]
                break
    else:
        r1, r2 = _r1r2(word, vowels)

    suffix = _ends(word, _EN_STEP0)
    if suffix:
        word, r1, r2 = _cut(len(suffix), word, r1, r2)

    suffix = _ends(word, _EN_STEP1A)
    if suffix == "sses":
        word, r1, r2 = _cut(2, word, r1, r2)
    elif suffix in ("ied", "ies"):
        word, r1, r2 = _cut(2 if len(word) - 3 > 1 else 1, word, r1, r2)
    elif suffix == "s":
        if any(letter in vowels for letter in word[:-2]):
            word, r1, r2 = _cut(1, word, r1, r2)

    suffix = _ends(word, _EN_STEP1B)
    n = len(suffix)
    if suffix in ("eed", "eedly"):
        if r1.endswith(suffix):
            word, r1, r2 = _swap(n, "ee", word, r1, r2)
    elif suffix and any(letter in vowels for letter in word[:-n]):
        word, r1, r2 = _cut(n, word, r1, r2)
        if word.endswith(("at", "bl", "iz")):
            word, r1 = word + "e", r1 + "e"
            if len(word) > 5 or len(r1) >= 3:
                r2 = r2 + "e"
        elif word.endswith(_EN_DOUBLES):
            word, r1, r2 = _cut(1, word, r1, r2)
        elif (r1 == "" and len(word) >= 3 and word[-1] not in vowels and word[-1] not in "wxY"
              and word[-2] in vowels and word[-3] not in vowels) or (
                r1 == "" and len(word) == 2 and word[0] in vowels and word[1] not in vowels):
            word = word + "e"
            if r1:
                r1 = r1 + "e"
            if r2:
                r2 = r2 + "e"

    if len(word) > 2 and word[-1] in "yY" and word[-2] not in vowels:  # step 1c
        word, r1, r2 = _swap(1, "i", word, r1, r2)

    suffix = _ends(word, _EN_STEP2)
    if suffix and r1.endswith(suffix):
        n, new = len(suffix), _EN_STEP2_NEW[suffix]
        if new is not None:
            # ational/ation/ator and iveness/iviti leave R2 as "e" where it was shorter (as the reference does)
            short = "e" if suffix in ("ational", "ation", "ator", "iveness", "iviti") else ""
            word, r1, r2 = _swap(n, new, word, r1, r2, short)
        elif suffix in ("tional", "entli", "fulli", "lessli"):
            word, r1, r2 = _cut(2, word, r1, r2)
        elif suffix in ("enci", "anci", "abli"):
            word, r1, r2 = _swap(1, "e", word, r1, r2)
        elif suffix == "fulness":
            word, r1, r2 = _cut(4, word, r1, r2)
        elif suffix == "ogi" and _at(word, -4) == "l":
            word, r1, r2 = _cut(1, word, r1, r2)
        elif suffix == "li" and _at(word, -3) in _EN_LI_ENDING:
            word, r1, r2 = _cut(2, word, r1, r2)

    suffix = _ends(word, _EN_STEP3)
    if suffix and r1.endswith(suffix):
        n = len(suffix)
        if suffix == "tional":
            word, r1, r2 = _cut(2, word, r1, r2)
        elif suffix == "ational":
            word, r1, r2 = _swap(n, "ate", word, r1, r2)
        elif suffix == "alize":
            word, r1, r2 = _cut(3, word, r1, r2)
        elif suffix in ("icate", "iciti", "ical"):
            word, r1, r2 = _swap(n, "ic", word, r1, r2)
        elif suffix in ("ful", "ness"):
            word, r1, r2 = _cut(n, word, r1, r2)
        elif suffix == "ative" and r2.endswith(suffix):
            word, r1, r2 = _cut(5, word, r1, r2)

    suffix = _ends(word, _EN_STEP4)
    if suffix and r2.endswith(suffix):
        if suffix == "ion":
            if _at(word, -4) in ("s", "t"):
                word, r1, r2 = _cut(3, word, r1, r2)
        else:
            word, r1, r2 = _cut(len(suffix), word, r1, r2)

    if r2.endswith("l") and _at(word, -2) == "l":  # step 5
        word = word[:-1]
    elif r2.endswith("e"):
        word = word[:-1]
    elif r1.endswith("e"):
        if len(word) >= 4 and (word[-2] in vowels or word[-2] in "wxY" or word[-3] not in vowels
                               or word[-4] in vowels):
            word = word[:-1]
    return word.replace("Y", "y")


STEMMERS = {"es": spanish, "de": german, "en": english}
