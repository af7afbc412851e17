"""The rule book (docs/rules/) is what the code, the tests and the docs cite.

* every article key is defined once;
* every test vector, every draw rule of every variant and every citation written in the
  code, the tests and the docs names an article that exists;
* nothing cites a document outside the repository (the project's research notes live
  outside it; the repository carries its own versions).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from damier.core.variants import all_variants

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"

BOOK = r"(?:FMJD-64|FMJD|ČFD|Zapletal|Decision|Brazilian|Russian|English|Pool|Italian|Spanish" \
       r"|Canadian|Frisian|Frysk|Turkish|Antidraughts|Breakthrough" \
       r"|Thai|Portuguese|Malaysian|Ceylonese|Old French|German)"
ARTICLE = re.compile(rf"^(?:\* )?\*\*(?P<key>{BOOK} \d+(?:\.\d+)*)\*\*", re.M)
CITATION = re.compile(rf"(?<![\w-])(?P<book>{BOOK}) (?P<number>\d+(?:\.\d+)*)(?![\w.]*\d)")
OUTSIDE = re.compile(r"RULES\.md|(?<![\w/])PDN\.md|VARIANTS(?:-MORE)?\.md|PROTOCOLS\.md|PERFT\.md"
                     r"|\.\./shared|/work/shared|shared/spec|shared/data")


def articles() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for page in sorted(RULES.glob("*.md")):
        for match in ARTICLE.finditer(page.read_text(encoding="utf-8")):
            key = match["key"]
            assert key not in found, f"{key} defined in {found[key].name} and {page.name}"
            found[key] = page
    return found


def exists(key: str, known: dict[str, Path]) -> bool:
    """An article, or a chapter of articles (``FMJD 4`` for FMJD 4.1 … 4.15)."""
    return key in known or any(k.startswith(key + ".") for k in known)


def text_files() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for folder in ("src", "tests", "bench"):
        files += [p for p in sorted((ROOT / folder).rglob("*"))
                  if p.suffix in {".py", ".md", ".js", ".html", ".toml", ".txt"}
                  and "data" not in p.relative_to(ROOT).parts[:2] and ".venv" not in p.parts]
    return [p for p in files if p.is_file() and p != Path(__file__).resolve()]


def test_the_rule_book_defines_its_books() -> None:
    known = articles()
    for key in ("FMJD 4.13", "FMJD 6.4", "ČFD 4.4", "Zapletal 5.1", "Decision 1", "FMJD-64 7.2.8",
                "Russian 5", "Frisian 5", "Turkish 5", "Antidraughts 1", "Thai 5",
                "Portuguese 5", "Malaysian 7", "Ceylonese 1", "Old French 5", "German 6"):
        assert key in known, key


def test_every_vector_cites_existing_articles() -> None:
    known = articles()
    vectors = sorted((ROOT / "tests" / "data" / "vectors").glob("*.json"))
    assert vectors
    for path in vectors:
        for vector in json.loads(path.read_text(encoding="utf-8"))["vectors"]:
            for key in vector["cites"]:
                assert exists(key, known), f"{path.name} {vector['id']}: no article {key!r}"


def test_every_draw_rule_cites_an_existing_article() -> None:
    known = articles()
    for rules in all_variants():
        for ending in rules.draws.endgames:
            assert exists(ending.article, known), f"{rules.name}: {ending.name} cites {ending.article!r}"


def test_citations_in_code_tests_and_docs_exist() -> None:
    known = articles()
    missing = []
    for path in text_files():
        text = path.read_text(encoding="utf-8")
        for match in CITATION.finditer(text):
            key = f"{match['book']} {match['number']}"
            if not exists(key, known):
                line = text.count("\n", 0, match.start()) + 1
                missing.append(f"{path.relative_to(ROOT)}:{line}: {key}")
    assert not missing, "citations of articles that the rule book lacks:\n" + "\n".join(missing)


def test_nothing_cites_documents_outside_the_repository() -> None:
    offenders = []
    for path in text_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if OUTSIDE.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "cite docs/ instead:\n" + "\n".join(offenders)
