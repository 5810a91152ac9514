"""Reading TOML the game did not write itself, within bounds.

``tomllib`` trusts its input: 3,000 nested arrays end in ``RecursionError``, a
dotted key 28,000 parts long (``x.a.a.a... = 1``, 56 KB) takes gigabytes and
seconds, and a 5,000-digit integer either fails with a bare ``ValueError`` or
(in hexadecimal) parses into a number Python then refuses to print. Every file
the game reads (match files, saves, settings, locales) goes through
:func:`loads_bounded`, which

1. refuses a file larger than the caller's ``max_bytes``;
2. scans the text once, before parsing, for nesting deeper than
   :data:`MAX_DEPTH` (arrays, inline tables) and keys of more than
   :data:`MAX_KEY_PARTS` dotted parts, both cheap to find and both what makes
   the parser slow or crash;
3. parses, turning any failure of the parser into :class:`TomlError`;
4. checks the result: no table or array deeper than :data:`MAX_DEPTH` overall
   and every integer within 64 bits, as the TOML specification asks.

:class:`TomlError` carries one line saying what is wrong. No pygame here.
"""
from __future__ import annotations

import re
import tomllib

MAX_DEPTH = 32            # arrays and tables inside one another
MAX_KEY_PARTS = 32        # parts of one dotted key or table header
INT_MIN, INT_MAX = -2**63, 2**63 - 1

__all__ = ["TomlError", "loads_bounded", "read_bounded", "check_shape", "brief",
           "MAX_DEPTH", "MAX_KEY_PARTS"]


class TomlError(ValueError):
    """A file that is not TOML the game can read; ``str()`` is one line."""


def brief(value, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, safe for any value (a huge
    integer or a deeply nested list included), for one-line messages."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return "a number of more than 38 digits"
    if isinstance(value, (list, dict)):
        kind = "a list" if isinstance(value, list) else "a table"
        return f"{kind} of {len(value)} item{'s' if len(value) != 1 else ''}"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return type(value).__name__
    return text if len(text) <= limit else text[:limit - 1] + "…"


# Tokens the shape scan stops at: strings (each kind), comments, brackets,
# braces, '=', ',', '.', newlines. Everything else is skipped in bulk.
_TOKEN = re.compile(r'"""|\'\'\'|"|\'|#|\[|\]|\{|\}|=|,|\.|\n')
_ML_BASIC_END = re.compile(r'(?:[^"\\]|\\.|"(?!""))*"""', re.S)
_ML_LITERAL_END = re.compile(r"(?:[^']|'(?!''))*'''", re.S)
_BASIC_END = re.compile(r'(?:[^"\\\n]|\\.)*"')
_LITERAL_END = re.compile(r"[^'\n]*'")


def check_shape(text: str, max_depth: int = MAX_DEPTH, max_parts: int = MAX_KEY_PARTS) -> None:
    """Raise :class:`TomlError` if ``text`` nests arrays/inline tables deeper than
    ``max_depth`` or has a key of more than ``max_parts`` dotted parts.

    A linear scan that knows strings, comments, keys and values well enough to
    count; it does not validate (the parser does that afterwards)."""
    stack: list[str] = []          # open '[' and '{' of values
    in_key = True                  # reading a key (line start, or inside an inline table)
    header = False                 # inside a [table] header
    parts = 1
    pos = 0
    n = len(text)
    while pos < n:
        m = _TOKEN.search(text, pos)
        if m is None:
            break
        tok = m.group()
        pos = m.end()
        if tok in ('"""', "'''", '"', "'"):
            end = {'"""': _ML_BASIC_END, "'''": _ML_LITERAL_END,
                   '"': _BASIC_END, "'": _LITERAL_END}[tok].match(text, pos)
            if end is None:
                return                 # unterminated string: the parser will say so
            pos = end.end()
            if tok in ('"""', "'''"):  # up to two more quotes may close it
                extra = 0
                while extra < 2 and pos < n and text[pos] == tok[0]:
                    pos += 1
                    extra += 1
        elif tok == "#":
            nl = text.find("\n", pos)
            pos = n if nl < 0 else nl
        elif tok == "\n":
            if not stack:
                in_key, header, parts = True, False, 1
        elif tok == ".":
            if in_key or header:
                parts += 1
                if parts > max_parts:
                    raise TomlError(f"a key has more than {max_parts} dotted parts")
        elif tok == "=":
            if in_key and not header:
                in_key, parts = False, 1
        elif tok == "[":
            if in_key and not stack:
                header, parts = True, 1
            elif not in_key:
                stack.append("[")
                if len(stack) > max_depth:
                    raise TomlError(f"values are nested more than {max_depth} deep")
        elif tok == "]":
            if header:
                header = False
            elif stack and stack[-1] == "[":
                stack.pop()
        elif tok == "{":
            if not in_key:
                stack.append("{")
                if len(stack) > max_depth:
                    raise TomlError(f"values are nested more than {max_depth} deep")
                in_key, parts = True, 1
        elif tok == "}":
            if stack and stack[-1] == "{":
                stack.pop()
                in_key, parts = False, 1
        elif tok == ",":
            if stack and stack[-1] == "{":
                in_key, parts = True, 1


def _check_values(data: dict, max_depth: int) -> None:
    """Depth of the parsed tables/arrays and the 64-bit range of integers,
    without recursion."""
    todo: list[tuple[object, int]] = [(data, 0)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            if isinstance(value, int) and not isinstance(value, bool) \
                    and not INT_MIN <= value <= INT_MAX:
                raise TomlError("a whole number is too large (more than 64 bits)")
            continue
        if depth >= max_depth:
            raise TomlError(f"tables and arrays are nested more than {max_depth} deep")
        todo.extend((child, depth + 1) for child in children)


def loads_bounded(text: str, max_bytes: int, max_depth: int = MAX_DEPTH) -> dict:
    """Parse ``text`` as TOML within the bounds above; :class:`TomlError` if not."""
    if len(text) > max_bytes:          # characters >= bytes / 4: a cheap first bound
        raise TomlError(f"the file is too large (more than {max_bytes:,} bytes)")
    check_shape(text, max_depth)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TomlError(f"not valid TOML: {_first_line(exc)}") from None
    except (ValueError, RecursionError, MemoryError) as exc:   # e.g. a 5,000-digit number
        if "integer string conversion" in str(exc):
            raise TomlError("a whole number is too long (more than 64 bits)") from None
        raise TomlError(f"not readable TOML: {_first_line(exc)}") from None
    _check_values(data, max_depth)
    return data


def read_bounded(path, max_bytes: int, max_depth: int = MAX_DEPTH) -> dict:
    """Read and parse the file at ``path`` (never more than ``max_bytes + 1`` bytes
    are read). ``OSError`` for a file that cannot be read, :class:`TomlError` for one
    that is too large, not UTF-8 or not readable TOML."""
    with open(path, "rb") as fh:
        raw = fh.read(max_bytes + 1)
    if len(raw) > max_bytes:
        raise TomlError(f"the file is too large (more than {max_bytes:,} bytes)")
    return loads_bounded(decode_utf8(raw), max_bytes, max_depth)


def decode_utf8(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TomlError(f"not UTF-8 text (byte {exc.start})") from None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    line = text.splitlines()[0] if text else type(exc).__name__
    return line[:200]
