"""Hungarian alphabetical order, the order a Hungarian reader looks names up in.

The alphabet: a á b c cs d dz dzs e é f g gy h i í j k l ly m n ny o ó ö ő p q r s sz t ty u ú ü ű
v w x y z zs. The digraphs and the trigraph are letters of their own (Cecília before Csaba, Sárközi
before Szabó, Zoltán before Zsolt); a vowel and its long form are one letter that counts only when
all else is equal (Mátrai before Miskolci, kor before kór), while ö/ő and ü/ű come after o and u. A
doubled digraph is written with its first letter doubled (ssz = sz + sz, ggy = gy + gy).

PostgreSQL orders with ICU's Hungarian collation (``hu-x-icu``); SQLite has no ICU, so the same
collation name is registered on each SQLite connection with :func:`hungarian_key`, which is also the
key for lists sorted in Python. ``order_by(hungarian("name"))`` then reads the same on both.
"""

import functools
import unicodedata

from django.db.models import F
from django.db.models.functions import Collate

COLLATION = "hu-x-icu"

_ALPHABET = ("a b c cs d dz dzs e f g gy h i j k l ly m n ny o ö p q r s sz t ty u ü v w x y z zs").split()
_RANK = {letter: rank for rank, letter in enumerate(_ALPHABET)}
# A long vowel is its short vowel at the first level, told apart only at the second.
_LONG = {"á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u", "ő": "ö", "ű": "ü"}
_DIGRAPHS = ("dzs", "cs", "dz", "gy", "ly", "ny", "sz", "ty", "zs")
# Digit and letter groups: punctuation and spaces first, then digits, Hungarian letters, other letters.
_OTHER, _DIGIT, _LETTER, _FOREIGN = range(4)


def _letters(text: str):
    """The text's letters in reading order, each as (letter as written, lower-case letter)."""
    i = 0
    while i < len(text):
        rest = text[i:].lower()
        for digraph in _DIGRAPHS:
            # "ssz" is "sz" twice, "ddzs" is "dzs" twice: the doubled letter is written once in full.
            if rest.startswith(digraph[0] + digraph):
                yield text[i:i + len(digraph)], digraph
                yield text[i:i + len(digraph) + 1], digraph
                i += len(digraph) + 1
                break
            if rest.startswith(digraph):
                yield text[i:i + len(digraph)], digraph
                i += len(digraph)
                break
        else:
            yield text[i], rest[0]
            i += 1


def _primary(letter: str) -> tuple[int, int]:
    letter = _LONG.get(letter, letter)
    if letter in _RANK:
        return (_LETTER, _RANK[letter])
    if letter.isdigit():
        return (_DIGIT, int(unicodedata.digit(letter, 0)))
    if letter.isalpha():
        base = unicodedata.normalize("NFD", letter)[0]
        if base in _RANK:
            return (_LETTER, _RANK[base])
        return (_FOREIGN, ord(base))
    return (_OTHER, ord(letter))


@functools.lru_cache(maxsize=16384)
def hungarian_key(text: str) -> tuple:
    """Sort key in Hungarian alphabetical order: letters first, then short before long vowels
    (kor, kór), then lower before upper case, then the text itself so that no two texts tie.

    Kept for the names seen last: SQLite's collation asks for both keys of every comparison, a
    few thousand when a national season's 240 teams are ordered."""
    text = unicodedata.normalize("NFC", text or "")
    letters = list(_letters(text))
    primary = tuple(_primary(lower) for _written, lower in letters)
    secondary = tuple(lower in _LONG or unicodedata.normalize("NFD", lower) != lower for _written, lower in letters)
    tertiary = tuple(written != written.lower() for written, _lower in letters)
    return primary, secondary, tertiary, text


def hungarian_sorted(items, key=lambda item: item):
    """The items in Hungarian alphabetical order of ``key(item)`` (a name by default)."""
    return sorted(items, key=lambda item: hungarian_key(str(key(item))))


def hungarian(field: str, descending: bool = False):
    """Order by a text column in Hungarian alphabetical order, on PostgreSQL and on SQLite."""
    expression = Collate(F(field), COLLATION)
    return expression.desc() if descending else expression.asc()


def _compare(a: str, b: str) -> int:
    key_a, key_b = hungarian_key(a), hungarian_key(b)
    return (key_a > key_b) - (key_a < key_b)


def register_sqlite_collation(sender, connection, **kwargs) -> None:
    """Give an SQLite connection the collation PostgreSQL has from ICU (connection_created)."""
    if connection.vendor == "sqlite":
        connection.connection.create_collation(COLLATION, _compare)

