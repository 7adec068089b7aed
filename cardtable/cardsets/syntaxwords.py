"""PyYAML's syntax errors in the words of someone editing a file by hand.

PyYAML reports a mistake in its parser's terms ("expected <block end>, but found '<block mapping
start>'", "while scanning a simple key"), which tell a card designer nothing, and its most common
message, "mapping values are not allowed here", has two unrelated causes: a `: ` inside a plain value
(`text: Draw 2: then discard`) and a key indented one space too far. `explain` looks at the lines
around the error to tell the causes apart and says what to change; every PyYAML message a reader can
meet is worded here, and anything unforeseen gets a plain sentence (the raw message goes to the log,
never to a reader).
"""

from __future__ import annotations

import logging
import re

from yaml.error import Mark, MarkedYAMLError

__all__ = ["OUR_WORDS", "explain"]

# Messages the strict loader raises itself (limits, types, tags): already in a reader's words.
OUR_WORDS = (
    "lists and mappings nest",
    "more than ",
    "a value of ",
    "the tag ",
    "cannot read ",
    "the number ",
)

log = logging.getLogger(__name__)

_KEY = re.compile(r"\s*(?:-\s+)*([^\s#:'\"][^:#]*?|'[^']*'|\"[^\"]*\"):(?:\s|$)")
_FOUND = re.compile(r"found '?(.*?)'?$")


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _key_of(line: str) -> str | None:
    """The key a `key: value` line starts with (after any `- `), or None."""
    match = _KEY.match(line)
    return match.group(1).strip() if match else None


def _key_column(line: str) -> int:
    """Where a line's key starts (after its indent and any `- `), 0-based."""
    stripped = line.lstrip(" ")
    column = len(line) - len(stripped)
    while stripped.startswith("- "):
        rest = stripped[2:].lstrip(" ")
        column += len(stripped) - len(rest)
        stripped = rest
    return column


def _previous(lines: list[str], index: int) -> int | None:
    """The nearest line above `index` with something on it (not blank, not a comment)."""
    for i in range(index - 1, -1, -1):
        if lines[i].strip() and not lines[i].lstrip().startswith("#"):
            return i
    return None


def _spaces(n: int) -> str:
    return f"{n} space{'s' if n != 1 else ''}"


def _mapping_value(lines: list[str], mark: Mark) -> str:
    """`mapping values are not allowed here`: a `: ` inside a value, or a key indented too far."""
    line = lines[mark.line] if mark.line < len(lines) else ""
    key = _key_of(line)
    own_colon = _KEY.match(line)
    # A second ': ' on the line, after the line's own key: the value holds a colon.
    first_colon = own_colon.end() if own_colon is not None else None
    if first_colon is not None and mark.column >= first_colon:
        return (
            "the value holds ': ' (a colon and a space), which YAML reads as a key: put the value in quotes"
        )
    above = _previous(lines, mark.line)
    if above is None or key is None:
        return "a ': ' where YAML did not expect a key: put the value in quotes, or check the indentation"
    up = lines[above]
    up_key = _key_of(up)
    here, there = _key_column(line), _key_column(up)
    if up_key is not None and here > there:
        return (
            f"{key!s}: is indented {_spaces(here - there)} more than {up_key}: on line {above + 1}; "
            f"keys of one mapping start in the same column: line it up with {up_key}:"
        )
    if up_key is None:
        return (
            f"line {above + 1} has no ': ' after its key, so YAML reads it and {key}: as one text: "
            f"write it as `key: value`"
        )
    return "a ': ' where YAML did not expect a key: put the value in quotes, or check the indentation"


def _block_end(lines: list[str], exc: MarkedYAMLError, found: str) -> str:
    """`expected <block end>, but found X`: a line that does not line up with those above."""
    mark = exc.problem_mark
    assert mark is not None
    line = lines[mark.line] if mark.line < len(lines) else ""
    key = _key_of(line) or line.strip()
    if found == "<scalar>" and mark.column > _indent(line):
        return "text after a closing quote: put the whole value in quotes (inside, write '' for ')"
    if found == "-":
        return (
            "a list item ('- ') where a key of the mapping above was expected: indent the list under "
            "its key (key:, then the items indented below it)"
        )
    here = _indent(line)
    above = _previous(lines, mark.line)
    if found != "<block mapping start>":
        # A key at the column of the '- ' items above: the list is still going on there.
        item = above
        while item is not None and _indent(lines[item]) > here:
            item = _previous(lines, item)
        if item is not None and _indent(lines[item]) == here and lines[item].lstrip().startswith("-"):
            return (
                f"{key} is in the column of the list items above (line {item + 1}), where only '- ' "
                f"items can go: indent it less to end the list, or write it as an item (- {key})"
            )
    # Under-indented: in a column no key above it is in. Advise the nearest column a key above has
    # (a plain `key:` line or a `- key:` item; not a `- {...}` flow item), the nearer line on a tie.
    if found == "<block mapping start>" and key is not None:
        best: tuple[int, int, int, str] | None = None
        index = mark.line
        for _ in range(200):
            above = _previous(lines, index)
            if above is None:
                break
            index = above
            up_key = _key_of(lines[above])
            if up_key is None or up_key.startswith(("{", "[")):
                continue
            column = _key_column(lines[above])
            rank = (abs(column - here), mark.line - above, column, up_key)
            if best is None or rank[:2] < best[:2]:
                best = rank
        if best is not None:
            _, back, column, up_key = best
            return (
                f"{key}: is indented {_spaces(here)}, a column no key above it is in: line it up with "
                f"{up_key}: on line {mark.line - back + 1} ({_spaces(column)}), or with the key it belongs under"
            )
    if exc.context_mark is not None:
        return (
            f"this line does not line up with the lines from line {exc.context_mark.line + 1}: "
            "check its indentation"
        )
    return "this line does not line up with the lines above: check its indentation"


def explain(exc: MarkedYAMLError, text: str) -> str:
    """A reader's sentence for a PyYAML syntax error in `text` (the mark stays the caller's)."""
    problem = exc.problem or ""
    context = exc.context or ""
    lines = _lines(text)
    opened = f" at line {exc.context_mark.line + 1}" if exc.context_mark is not None else ""
    found_match = _FOUND.search(problem)
    found = found_match.group(1) if found_match else ""
    message: str | None = None
    if problem == "mapping values are not allowed here" and exc.problem_mark is not None:
        message = _mapping_value(lines, exc.problem_mark)
    elif problem.startswith("expected <block end>") and exc.problem_mark is not None:
        message = _block_end(lines, exc, found)
    elif problem.startswith("expected ',' or ']'"):
        message = f"the list opened with '[' {opened.strip()} is not closed: add ']' (or a ',' between items)"
    elif problem.startswith("expected ',' or '}'"):
        message = (
            f"the mapping opened with '{{' {opened.strip()} is not closed: add '}}' (or a ',' between items)"
        )
    elif "quoted scalar" in context and "end of stream" in problem:
        message = f"the quoted text opened {opened.strip()} is not closed: add the closing quote"
    elif "quoted scalar" in context and "unknown escape" in problem:
        message = (
            "an unknown escape (\\ and a letter) in double-quoted text: write \\\\ for a backslash, "
            "or use single quotes"
        )
    elif problem.startswith("found character '\\t'") or "tab" in problem:
        message = "a tab: use spaces, not tabs, to indent"
    elif "cannot start any token" in problem:
        char = problem.split("'")[1] if problem.count("'") >= 2 else "this character"
        message = f"a value cannot start with {char!r}: put the value in quotes"
    elif problem.startswith("found undefined alias"):
        name = problem.split("'")[1] if problem.count("'") >= 2 else ""
        message = f"*{name} names no anchor: write &{name} on the value it stands for, above this line"
    elif "duplicate anchor" in (context + problem):
        message = f"the same &anchor name is given twice (first{opened}): rename one"
    elif "alias" in context or "anchor" in context:
        message = "'*' and '&' must be followed by a name: put the value in quotes"
    elif problem.startswith("sequence entries are not allowed here") or problem.startswith(
        "block sequence entries are not allowed"
    ):
        message = "a list item ('- ') on the line of its key: start the list on the next line, indented"
    elif "could not find expected ':'" in problem:
        message = f"a key without ': ' (from line{opened[8:] if opened else ''}), or a quote not closed"
    elif "block scalar" in context:
        message = "after | or > write only +, - or a digit, then the text on the lines below"
    elif "document start" in problem or "single document" in (context + problem):
        message = (
            "a second document or a stray line ('---', '...', '%'): a file holds one document; "
            "remove that line or put the value in quotes"
        )
    elif problem.startswith("expected the node content"):
        message = f"{found!r} where a value was expected: put the value in quotes"
    elif problem.startswith("expected '>'") or "tag" in context:
        message = "a '!' starts a tag, which card files do not use: put the value in quotes"
    elif "unhashable key" in problem:
        message = "a list or mapping used as a key: a key is plain text or a number"
    elif "merging" in problem or "merge" in context:
        message = "'<<:' merges a mapping (or a list of mappings) given by an &anchor"
    elif "end of stream" in problem:
        message = "the file ends in the middle of a value: a quote or bracket is not closed"
    if message is None:
        log.info("a YAML error with no reader's wording yet: %s %s", context, problem)
        message = "YAML cannot read this line: check its indentation, quotes and brackets"
    return message
