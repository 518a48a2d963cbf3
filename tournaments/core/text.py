"""Text typed by people, as the site keeps it."""

import unicodedata

# Spaces, line breaks and the invisible "format" characters (zero-width space and joiners, the
# byte-order mark, direction marks): a reason made only of these says nothing.
INVISIBLE_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf"})
# Letters and symbols that are drawn as nothing: the Hangul fillers and the blank Braille pattern.
BLANK_CHARACTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def is_invisible(char: str) -> bool:
    return char in BLANK_CHARACTERS or unicodedata.category(char) in INVISIBLE_CATEGORIES


def visible_text(text: str) -> str:
    """The text without invisible characters at either end; empty when nothing visible is left."""
    start, end = 0, len(text)
    while start < end and is_invisible(text[start]):
        start += 1
    while end > start and is_invisible(text[end - 1]):
        end -= 1
    return text[start:end]
