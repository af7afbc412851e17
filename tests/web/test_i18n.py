"""The page's message catalogs: complete, consistent, and covering what the server says.

Each catalog is ``static/i18n/<code>.js``: ``export default {``, one ``"key": "text",`` per
line (a ``//`` comment may follow, or stand on its own line, e.g. to mark a translation
the translator was unsure of), ``};``. A catalog that misses a key another has fails, as
does a text whose ``{placeholders}`` differ from the English one, a key the page uses that
English lacks, a variant without a name, and a reason or error code the server can send
without a message.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from damier.core.variants import get_variant, variant_names
from damier.web.errors import STATUS_CODES
from damier.web.services.json_views import REASON_CODES, REASON_PATTERNS, reason_code

WEB = Path(__file__).resolve().parents[2] / "src" / "damier" / "web"
STATIC = WEB / "static"
I18N = STATIC / "i18n"

STRING = r'"(?:[^"\\]|\\.)*"'
ENTRY = re.compile(rf"^\s*({STRING})\s*:\s*({STRING})\s*,\s*(?://.*)?$")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def read_catalog(path: Path) -> dict[str, str]:
    """The messages of one catalog file; any line out of the format fails."""
    lines = path.read_text(encoding="utf-8").splitlines()
    body = [ln for ln in lines if ln.strip() and not ln.strip().startswith("//")]
    assert body[0] == "export default {", f"{path.name}: must start with 'export default {{'"
    assert body[-1] == "};", f"{path.name}: must end with '}};'"
    messages: dict[str, str] = {}
    for n, line in enumerate(lines, 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("//") or line in (body[0], body[-1]):
            continue
        match = ENTRY.match(line)
        assert match, f"{path.name}:{n}: not a '\"key\": \"text\",' line: {line!r}"
        key, text = json.loads(match[1]), json.loads(match[2])
        assert key not in messages, f"{path.name}:{n}: {key!r} twice"
        assert text.strip(), f"{path.name}:{n}: {key!r} is empty"
        messages[key] = text
    return messages


def catalogs() -> dict[str, dict[str, str]]:
    return {p.stem: read_catalog(p) for p in sorted(I18N.glob("*.js"))}


def test_every_language_of_the_switcher_has_a_catalog() -> None:
    source = (STATIC / "i18n.js").read_text(encoding="utf-8")
    listed = re.findall(r'\{ code: "([\w-]+)", name: "[^"]+" \}', source)
    assert listed[0] == "en" and len(listed) >= 10
    assert set(listed) == set(catalogs()), "LANGUAGES in i18n.js and i18n/*.js differ"
    for code in ("cs", "hu", "sr-Latn", "sr-Cyrl", "nl", "fr", "ru", "pl", "pt"):
        assert code in listed


def test_catalogs_have_the_same_keys() -> None:
    all_ = catalogs()
    keys = set().union(*(set(c) for c in all_.values()))
    problems = []
    for code, messages in all_.items():
        missing = sorted(keys - set(messages))
        if missing:
            problems.append(f"{code}.js misses {len(missing)}: {', '.join(missing[:12])}")
    assert not problems, "\n".join(problems)


def test_placeholders_match_english() -> None:
    all_ = catalogs()
    english = all_["en"]
    problems = []
    for code, messages in all_.items():
        for key, text in messages.items():
            want = set(PLACEHOLDER.findall(english.get(key, "")))
            if set(PLACEHOLDER.findall(text)) != want:
                problems.append(f"{code}.js {key}: {text!r} (English has {sorted(want)})")
    assert not problems, "\n".join(problems)


def test_a_missing_key_is_found() -> None:
    """The check itself: a catalog without a key English has is reported."""
    english = read_catalog(I18N / "en.js")
    partial = dict(english)
    partial.pop("nav.new")
    assert set(english) - set(partial) == {"nav.new"}


def test_buttons_side_by_side_differ_in_every_language() -> None:
    """The header's buttons (nav.*), the game controls (ctl.*) and the move navigation
    (movenav.*) are shown together: no two may read the same (Hungarian once had "Elemzés"
    for both Analysis and Review)."""
    problems = []
    for code, messages in catalogs().items():
        for prefix in ("nav.", "ctl.", "movenav."):
            seen: dict[str, str] = {}
            for key, text in messages.items():
                if key.startswith(prefix):
                    if text in seen:
                        problems.append(f"{code}.js: {seen[text]} and {key} are both {text!r}")
                    seen[text] = key
    assert not problems, "\n".join(problems)


def page_keys() -> tuple[set[str], set[str]]:
    """Keys the page uses literally, and prefixes of keys it builds (``t(`side.${c}`)``)."""
    literal: set[str] = set()
    prefixes: set[str] = set()
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    literal |= set(re.findall(r'data-i18n(?:-[a-z-]+)?="([^"]+)"', html))
    for path in STATIC.glob("*.js"):
        text = path.read_text(encoding="utf-8")
        literal |= set(re.findall(r'\b(?:t|has)\(\s*"([^"]+)"', text))
        prefixes |= set(re.findall(r"\b(?:t|has)\(\s*`([\w.-]+)\$\{", text))
    return literal, prefixes


def test_every_key_the_page_uses_is_in_english() -> None:
    english = read_catalog(I18N / "en.js")
    literal, prefixes = page_keys()
    assert len(literal) > 50
    assert not sorted(literal - set(english)), "keys missing in en.js"
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in english), f"no key starts with {prefix!r}"


def test_every_variant_has_a_name() -> None:
    english = read_catalog(I18N / "en.js")
    for name in variant_names():
        assert f"variant.{name}" in english, f"variant {name} has no name in the catalogs"


def test_every_end_of_game_reason_has_a_code_and_a_message() -> None:
    english = read_catalog(I18N / "en.js")
    reasons = {"no legal move", "no pieces left", "crowned a king", "agreement",
               "white resigned", "black resigned", "white lost on time", "black lost on time"}
    for name in variant_names():
        draws = get_variant(name).draws
        if draws.quiet_plies:
            reasons.add(draws.quiet_name or "move-count rule")
        reasons |= {e.name for e in draws.endgames}
        if draws.repetition:
            reasons.add("threefold repetition" if draws.repetition == 3 else "repetition")
    for reason in reasons:
        code, _args = reason_code(reason)
        assert code is not None, f"no reason code for {reason!r}"
        assert f"reason.{code}" in english
    codes = set(REASON_CODES.values()) | {code for _p, code in REASON_PATTERNS}
    assert not sorted(c for c in codes if f"reason.{c}" not in english)


def codes_in_source(function: str, position: int) -> set[str]:
    """String constants passed as argument ``position`` (or ``code=``) to ``function``."""
    found: set[str] = set()
    for path in WEB.rglob("*.py"):  # the app, routes/, services/, storage/
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == function):
                continue
            args = [a for a in node.args[position:position + 1]]
            args += [k.value for k in node.keywords if k.arg == "code"]
            for arg in args:
                found |= {c.value for c in ast.walk(arg)
                          if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return found


@pytest.mark.parametrize(("function", "position", "prefix"),
                         [("WebError", 2, "error"), ("Note", 0, "note")])
def test_every_code_the_server_sends_has_a_message(function: str, position: int,
                                                   prefix: str) -> None:
    english = read_catalog(I18N / "en.js")
    codes = codes_in_source(function, position)
    if function == "WebError":
        codes |= set(STATUS_CODES.values())
    assert len(codes) > 5
    missing = sorted(c for c in codes if f"{prefix}.{c}" not in english)
    assert not missing, f"{prefix} codes without a message in en.js: {missing}"


RULES = STATIC / "rules"
SECTIONS = ("board", "men", "kings", "capture", "promotion", "end", "draws")


def rule_files() -> dict[str, dict[str, str]]:
    return {p.stem: read_catalog(p) for p in sorted(RULES.glob("*.js"))}


def test_rules_in_english_for_every_variant() -> None:
    english = rule_files()["en"]
    missing = [f"{v}.{s}" for v in variant_names() for s in SECTIONS if f"{v}.{s}" not in english]
    assert not missing, f"rules/en.js misses {missing}"
    known = {f"{v}.{s}" for v in variant_names() for s in SECTIONS}
    assert not sorted(set(english) - known), "rules/en.js has keys of no variant or section"


def test_rules_of_every_variant_in_every_language() -> None:
    files = rule_files()
    for code in catalogs():
        assert code in files, f"rules/{code}.js is missing"
        keys = {f"{v}.{s}" for v in variant_names() for s in SECTIONS}
        assert keys <= set(files[code]), f"rules/{code}.js misses {sorted(keys - set(files[code]))}"
        assert set(files[code]) <= set(files["en"])
        for key in keys if code != "en" else ():  # translated, not copied
            assert files[code][key] != files["en"][key], f"rules/{code}.js {key} is English"


def test_rules_files_are_languages_of_the_page() -> None:
    source = (STATIC / "rules.js").read_text(encoding="utf-8")
    listed = set(re.findall(r'"([\w-]+)"', source.split("RULE_LANGUAGES = [")[1].split("]")[0]))
    assert listed == set(rule_files()) and listed <= set(catalogs())
    sections = re.findall(r'"(\w+)"', source.split("SECTIONS = [")[1].split("]")[0])
    assert tuple(sections) == SECTIONS
