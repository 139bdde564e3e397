"""E-mail addresses as the portal keeps and compares them.

`normalise`: NFKC (full-width and other compatibility forms become plain letters: 'ａｄｍｉｎ' is 'admin'), no
invisible characters (zero-width spaces and joiners, direction marks, soft hyphens, variation selectors, ...), lower
case. Every address an account, an invitation or a lookup holds goes through it (`accounts.find_by_email`,
`accounts.create_user`, the invite and add-member forms' `EmailAddress` field).

`lookalike_error`: an address that only looks like another is refused (422 on its field). Its skeleton maps the
common look-alikes of Latin letters (Cyrillic, Greek, Armenian, the dotless i, ...: a small table after Unicode's
confusables, UTS #39) to them: an address that is not plain ASCII but whose skeleton is ('аdmin@demo.eu' with a
Cyrillic 'а', 'admın@demo.eu') reads exactly as a plain address, and is refused whether that address has an account
or not (so the answer tells nothing about accounts); any other non-ASCII address whose skeleton is an existing
account's address (say 'jоsé@…' beside 'josé@…') is refused too.
"""
import unicodedata

from ..i18n import N_

# Characters that show nothing (or nearly) and may sit inside an address unseen, beyond the format (Cf) category.
_INVISIBLE = {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180E, 0x180F, 0x3164, 0xFFA0,
              *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)}


def _visible(ch):
    return unicodedata.category(ch) != "Cf" and ord(ch) not in _INVISIBLE


def normalise(email):
    """The address as it is kept and compared ('' for None)."""
    text = unicodedata.normalize("NFKC", email or "")
    text = "".join(ch for ch in text if _visible(ch)).strip().lower()
    return unicodedata.normalize("NFKC", text)  # lower() may decompose ('İ' -> 'i̇')


# Look-alikes of Latin letters (lower case: addresses are), each to the letter it passes for.
_LOOKALIKES = {
    # Cyrillic
    "а": "a", "с": "c", "ԁ": "d", "е": "e", "ё": "ë", "һ": "h", "і": "i", "ї": "ï", "ј": "j", "ӏ": "l", "о": "o",
    "р": "p", "ԛ": "q", "ѕ": "s", "у": "y", "ү": "y", "х": "x", "ԝ": "w", "ѵ": "v", "ԍ": "g",
    # Greek
    "α": "a", "γ": "y", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "υ": "u", "χ": "x", "ϲ": "c", "ϳ": "j",
    # Armenian
    "հ": "h", "ո": "n", "ս": "u", "օ": "o", "ց": "g", "զ": "q",
    # Latin letters that pass for others
    "ı": "i", "ȷ": "j", "ɑ": "a", "ɡ": "g", "ɩ": "i", "ǀ": "l",
}
_SKELETON = str.maketrans(_LOOKALIKES)


def skeleton(email):
    """What a normalised address reads as: each look-alike replaced by the Latin letter it passes for, and a dot
    above on an 'i' or 'j' dropped ('i̇' reads 'i')."""
    return unicodedata.normalize("NFC", email.translate(_SKELETON).replace("i\u0307", "i").replace("j\u0307", "j"))


# Translated as the answer leaves (errors.ApiError.body).
LOOKALIKE = N_("This address has look-alike letters (of another alphabet, or a dotless i) that pass for plain ones: "
               "type it in plain letters")


def lookalike_error(email):
    """None when a normalised address may be given to an account or an invitation, else the message for its field.
    At most one query (only for a non-ASCII address that has look-alikes of a non-ASCII one)."""
    if email.isascii():
        return None
    plain = skeleton(email)
    if plain == email:
        return None
    if plain.isascii():
        return LOOKALIKE
    from .accounts import find_by_email
    return LOOKALIKE if find_by_email(plain) is not None else None
