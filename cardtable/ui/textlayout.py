"""Line breaking for card text in Japanese with some English: a greedy breaker that follows kinsoku.

SDL_ttf's `wraplength` knows no kinsoku (it put 。 and ー at line starts), so card faces, tooltips and
widgets all wrap through `wrap()` here. The rules, after JIS X 4051 kept small:

- a line never starts with closing brackets, 、。，．, ー, ！？ or small kana (っゃゅょ...);
- a line never ends with an opening bracket 「『（;
- 、。 may hang past the right margin instead of being pushed to the next line;
- Latin words and numbers stay whole; they break at spaces, and a space at a break is dropped;
- a newline in the text (from the YAML) always breaks.

Pure Python on purpose: the caller passes `measure` (for pygame, `lambda s: font.size(s)[0]`), so this
module is usable and testable without pygame.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

# Characters that may not begin a line (gyōtō kinsoku).
NO_START: frozenset[str] = frozenset(
    "、。，．,.・：；:;！？!?"
    "」』）］｝〕〉》】〙〗)]}’”"
    "ー～〜…‥々ゝゞヽヾ"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
)

# Characters that may not end a line (gyōmatsu kinsoku).
NO_END: frozenset[str] = frozenset("「『（［｛〔〈《【〘〖([{‘“")

# The fewest characters a wrapped paragraph's last line of Japanese keeps (_no_orphan).
ORPHAN_MIN = 4

# Punctuation allowed to hang past the right margin (burasage).
HANGING: frozenset[str] = frozenset("、。，．")

# Script ranges where every character is its own break opportunity. Everything else that is not a
# space is treated as part of a Latin word or number and kept together.
_CJK_RANGES: tuple[tuple[int, int], ...] = (
    (0x2E80, 0x2FDF),  # CJK radicals
    (0x3000, 0x303F),  # CJK symbols and punctuation, including the ideographic space
    (0x3040, 0x30FF),  # hiragana, katakana
    (0x3100, 0x31FF),  # bopomofo, kanbun, katakana phonetic extensions
    (0x3200, 0x4DBF),  # enclosed CJK, compatibility, extension A
    (0x4E00, 0x9FFF),  # unified ideographs
    (0xF900, 0xFAFF),  # compatibility ideographs
    (0xFE30, 0xFE4F),  # vertical forms
    (0xFF01, 0xFF0F),  # fullwidth punctuation (fullwidth letters and digits stay word characters)
    (0xFF1A, 0xFF20),
    (0xFF3B, 0xFF40),
    (0xFF5B, 0xFF65),
    (0xFF66, 0xFF9F),  # halfwidth katakana
    (0x20000, 0x3FFFF),  # supplementary ideographs
)

# Spaces where Latin text may break. The ideographic space U+3000 is not one of them: in Japanese it
# is a visible character (an indent), so it stays.
_SPACE = re.compile(r"[ \t]+")


@functools.lru_cache(maxsize=8192)
def is_cjk(ch: str) -> bool:
    """Whether a character breaks on its own, as Japanese script does (remembered: card faces ask often)."""
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in _CJK_RANGES)


def _atoms(paragraph: str) -> list[str]:
    """Split one paragraph into the smallest pieces a line may break between.

    A piece is a run of spaces, one CJK character, or a run of other characters (a Latin word or a
    number with its own punctuation, such as `+2,` or `(Seed)`).
    """
    atoms: list[str] = []
    word = ""
    i = 0
    while i < len(paragraph):
        space = _SPACE.match(paragraph, i)
        if space:
            if word:
                atoms.append(word)
                word = ""
            atoms.append(space.group())
            i = space.end()
            continue
        ch = paragraph[i]
        if is_cjk(ch):
            if word:
                atoms.append(word)
                word = ""
            atoms.append(ch)
        else:
            word += ch
        i += 1
    if word:
        atoms.append(word)
    return atoms


def _is_space(piece: str) -> bool:
    return piece[:1] in (" ", "\t")


def _segments(paragraph: str) -> list[str]:
    """Glue atoms that kinsoku forbids to separate: `す。` and `「種` become one unbreakable segment."""
    segments: list[str] = []
    glue_next = False
    for atom in _atoms(paragraph):
        if _is_space(atom):
            segments.append(atom)
            glue_next = False
            continue
        prev = segments[-1] if segments else ""
        if prev and not _is_space(prev) and (glue_next or atom[0] in NO_START):
            segments[-1] = prev + atom
        else:
            segments.append(atom)
        glue_next = atom[-1] in NO_END
    return segments


def _visible(line: str, hang: bool = True) -> str:
    """The part of a line that must fit the margin: trailing spaces dropped, hanging 、。 allowed out."""
    line = line.rstrip(" \t")
    return line.rstrip("".join(HANGING)) if line and hang else line


def _split_long(segment: str, max_width: int, measure: Callable[[str], int], hang: bool = True) -> list[str]:
    """Cut a segment wider than a whole line into pieces that fit.

    Only a word longer than the card is wide ends up here; cutting it is better than drawing it off
    the card.
    """
    pieces: list[str] = []
    rest = segment
    while rest:
        end = 1
        while end < len(rest) and measure(_visible(rest[: end + 1], hang)) <= max_width:
            end += 1
        # Even when cutting, keep kinsoku if the piece can spare a character: push one back
        # rather than start the next piece with 。 or っ, or end this one with 「.
        cut = end
        while 1 < cut < len(rest) and (rest[cut] in NO_START or rest[cut - 1] in NO_END):
            cut -= 1
        if cut == 1 and end > 1 and (rest[1:2] in NO_START or rest[0] in NO_END):
            cut = end
        pieces.append(rest[:cut])
        rest = rest[cut:]
    return pieces


def _wrap_paragraph(
    paragraph: str, max_width: int, measure: Callable[[str], int], hang: bool = True
) -> list[str]:
    # A paragraph that fits whole is one line: every piece the walk below would measure is a start of
    # it, no wider (a text's width only grows as it goes on). Most lines a table wraps fit, and the
    # walk measured them word by word: measuring was most of a table's new log lines and menus.
    if measure(_visible(paragraph, hang)) <= max_width:
        return [paragraph.rstrip(" \t")]
    return _walk_paragraph(paragraph, max_width, measure, hang)


def _walk_paragraph(
    paragraph: str, max_width: int, measure: Callable[[str], int], hang: bool = True
) -> list[str]:
    """The greedy walk: segment by segment, a line broken where the next segment would not fit."""
    lines: list[str] = []
    current = ""
    for segment in _segments(paragraph):
        if _is_space(segment):
            # A space at the start of a wrapped line would look like a stray indent.
            if current or not lines:
                current += segment
            continue
        candidate = current + segment
        if not current.strip(" \t"):
            current = candidate
        elif measure(_visible(candidate, hang)) <= max_width:
            current = candidate
            continue  # it fits, as just measured: nothing to cut (measuring it again was half the calls)
        else:
            lines.append(current.rstrip(" \t"))
            current = segment
        if measure(_visible(current, hang)) > max_width:
            *done, current = _split_long(current, max_width, measure, hang)
            lines.extend(done)
    lines.append(current.rstrip(" \t"))
    return _no_orphan(lines)


def _no_orphan(lines: list[str]) -> list[str]:
    """A last line of a few Japanese characters (`ら。`, `の枠）` alone under a full line, seen under X)
    takes Japanese segments from the end of the line above until it holds ORPHAN_MIN characters, as
    long as the line above keeps at least as many: both lines stay within the margin (the line above
    only gets shorter) and kinsoku holds (segments are what kinsoku keeps together). Latin text is
    left as the greedy walk broke it."""
    if len(lines) < 2 or not lines[-1] or len(lines[-1]) >= ORPHAN_MIN:
        return lines
    above = _segments(lines[-2])
    last = lines[-1]
    while len(last) < ORPHAN_MIN and len(above) > 1:
        piece = above[-1]
        if _is_space(piece) or not all(is_cjk(ch) for ch in piece):
            break
        if len("".join(above[:-1])) < len(piece + last):
            break
        last = piece + last
        above.pop()
    if last == lines[-1]:
        return lines
    return [*lines[:-2], "".join(above).rstrip(" \t"), last]


def wrap(text: str, max_width: int, measure: Callable[[str], int], hang: bool = True) -> list[str]:
    """Break `text` into lines no wider than `max_width` by `measure`, following Japanese kinsoku.

    Only hanging 、。 may reach past `max_width`, and not even they with `hang=False` (a card face has
    no margin to hang them in: the 、 goes to the next line with the character before it). Each
    `\\n` starts a new line; an empty paragraph gives an empty line. An empty text gives no lines.
    """
    if not text:
        return []
    lines: list[str] = []
    for paragraph in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        lines.extend(_wrap_paragraph(paragraph, max_width, measure, hang))
    return lines
