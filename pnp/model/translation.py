"""Translation upkeep: parity between language files, stale translations, unused keys.

The source language is English (``en``).  Every translated file (``data/<game>/lang/<lang>.yaml``
and ``data/common/lang/<lang>.yaml``) records, under ``_translated_from``, a hash of the
English text each key was translated from (``key: sha256[:12]``), ``@rules`` for the
game's rules template (``rules/en.md.j2``) and ``@aid`` for its player aid
(``rules/aid/en.md.j2``).  When the English changes, the hash no longer
matches and the key is *stale* until a translator checks the translation and confirms it
(``pnp i18n confirm``).  Keys are dotted (``goods.grain``); list items take their index
(``supplies.0``); a key across files is ``<domain>:<key>`` with the domain a game id or
``common``.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import DataError, UsageError

SOURCE_LANG = "en"
RECORD_KEY = "_translated_from"
#: Translations a catalog marked fuzzy (a translator's draft): kept in the language file under
#: this key, never printed in a kit, listed by ``pnp i18n status``, exported again as fuzzy.
FUZZY_KEY = "_fuzzy"
RULES_KEY = "@rules"
AID_KEY = "@aid"
#: Template keys: the game's rules templates, by key, as paths below ``rules/`` per language.
TEMPLATE_KEYS = {RULES_KEY: "{lang}.md.j2", AID_KEY: "aid/{lang}.md.j2"}
COMMON = "common"


@dataclass(frozen=True)
class Domain:
    """One set of strings: ``common`` or a game.  ``lang_dir`` holds ``<lang>.yaml``;
    ``rules_dir`` the game's ``<lang>.md.j2`` templates and ``aid/<lang>.md.j2`` player aids
    (None for common)."""

    name: str
    lang_dir: Path
    rules_dir: Path | None

    def file(self, lang: str) -> Path:
        return self.lang_dir / f"{lang}.yaml"

    def template(self, lang: str, key: str = RULES_KEY) -> Path | None:
        """The ``lang`` template of template key ``key`` (``@rules``, ``@aid``); None for common."""
        return self.rules_dir / TEMPLATE_KEYS[key].format(lang=lang) if self.rules_dir else None

    def templates(self, lang: str) -> dict[str, Path]:
        """The template keys with a ``lang`` template file, key -> path."""
        found = {key: self.template(lang, key) for key in TEMPLATE_KEYS}
        return {key: path for key, path in found.items() if path is not None and path.is_file()}


@dataclass(frozen=True)
class Finding:
    """One problem: ``file``, ``key`` (dotted, or ``@rules`` / ``@aid``) and what is wrong."""

    file: Path
    domain: str
    key: str
    message: str

    @property
    def qualified(self) -> str:
        return f"{self.domain}:{self.key}"

    def __str__(self) -> str:
        return f"{self.file}: {self.key}: {self.message}"


def domains(root: Path) -> list[Domain]:
    """``common`` and every registered game with data under ``root``, in that order."""
    from pnp.registry import game, game_ids

    found = [Domain(COMMON, root / COMMON / "lang", None)]
    for game_id in game_ids(root):
        folder = game(game_id, root).folder(root)
        if folder is not None and (folder / "lang").is_dir():
            found.append(Domain(game_id, folder / "lang", folder / "rules"))
    return found


def languages(root: Path) -> list[str]:
    """Translated languages: every ``data/common/lang/<lang>.yaml`` but English."""
    return sorted(p.stem for p in (root / COMMON / "lang").glob("*.yaml") if p.stem != SOURCE_LANG)


class PluralText(str):
    """A plural string as one flattened value: the text is every form as ``category: text``
    on its own line (what is hashed, compared and searched for placeholders), ``forms`` the
    mapping (CLDR category -> text)."""

    forms: dict[str, str]

    def __new__(cls, forms: dict):
        from pnp.model.plurals import CATEGORIES

        ordered = {c: str(forms[c]) for c in CATEGORIES if c in forms}
        text = super().__new__(cls, "\n".join(f"{c}: {t}" for c, t in ordered.items()))
        text.forms = ordered
        return text


def flatten(value, prefix: str = "") -> dict[str, str]:
    """``{"goods": {"grain": "Korn"}, "supplies": ["a"]}`` -> ``{"goods.grain": "Korn",
    "supplies.0": "a"}``; top-level keys starting with ``_`` (records) are left out.  A
    plural mapping (``pnp.model.plurals.is_plural``: ``{one: ..., other: ...}``) is one
    value, a ``PluralText``."""
    from pnp.model.plurals import is_plural

    out: dict[str, str] = {}
    if prefix and is_plural(value):
        out[prefix[:-1]] = PluralText(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            if not prefix and str(key).startswith("_"):
                continue
            out.update(flatten(item, f"{prefix}{key}."))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out.update(flatten(item, f"{prefix}{index}."))
    elif value is not None:
        out[prefix[:-1]] = str(value)
    return out


def placeholders(text: str) -> set[str]:
    """Field names of a language string: ``"{good}: take {removed}"`` -> {good, removed}
    (``pnp.model.textformat``; a string it refuses gives ``{"<refused: why>"}``)."""
    from pnp.model.textformat import TextFormatError, check

    try:
        return check(text)
    except TextFormatError as exc:
        return {f"<refused: {exc}>"}


def source_hash(text: str) -> str:
    """The first 12 hex digits of the SHA-256 of the English ``text`` (UTF-8)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def load(path: Path) -> dict:
    """A language file as a plain mapping (an empty one when the file is missing)."""
    from pnp.model.langfile import read_language

    if not path.is_file():
        return {}
    return read_language(path)


def source_texts(domain: Domain) -> dict[str, str]:
    """Every English string of ``domain`` by key, plus ``@rules`` and ``@aid`` (the English
    templates' text) where the game has them."""
    texts = flatten(load(domain.file(SOURCE_LANG)))
    for key, template in domain.templates(SOURCE_LANG).items():
        texts[key] = template.read_text(encoding="utf-8")
    return texts


# ------------------------------------------------------------------------------ parity
def parity(root: Path, langs: list[str] | None = None) -> list[Finding]:
    """Keys missing from or extra in a translation, and ``{placeholders}`` that differ from
    the English, for every domain and language (``langs``: all translated ones)."""
    findings = []
    for lang in langs or languages(root):
        for domain in domains(root):
            path = domain.file(lang)
            english = flatten(load(domain.file(SOURCE_LANG)))
            # a template the English has and this language lacks: the kit cannot be built
            for key in domain.templates(SOURCE_LANG).keys() - domain.templates(lang).keys():
                template = domain.template(lang, key)
                findings.append(Finding(template, domain.name, key,
                                        f"template missing: translate {domain.template(SOURCE_LANG, key).name} "
                                        f"into {template.relative_to(domain.rules_dir)}"))
            if not path.is_file():
                # a new language: the file and every key it must hold
                findings.append(Finding(path, domain.name, "*", f"file missing ({len(english)} keys to translate)"))
                findings += [Finding(path, domain.name, key, "missing (the English has it)") for key in english]
                continue
            translated = flatten(load(path))
            for key in english.keys() - translated.keys():
                findings.append(Finding(path, domain.name, key, "missing (the English has it)"))
            for key in translated.keys() - english.keys():
                findings.append(Finding(path, domain.name, key, "not in the English file"))
            for key in english.keys() & translated.keys():
                if isinstance(english[key], PluralText):
                    findings += _plural_findings(path, domain.name, key, lang, translated[key])
                want, got = placeholders(english[key]), placeholders(translated[key])
                if want != got:
                    findings.append(Finding(path, domain.name, key,
                                            f"placeholders {_fields(got)} differ from the English {_fields(want)}"))
    return sorted(findings, key=lambda f: (str(f.file), f.key))


def _plural_findings(path: Path, domain: str, key: str, lang: str, text: str) -> list[Finding]:
    """A counted string of ``lang`` that is not a plural mapping of exactly the language's
    CLDR categories."""
    from pnp.model.plurals import categories, extra_categories, missing_categories

    if not isinstance(text, PluralText):
        return [Finding(path, domain, key, f"a counted text: expected the plural forms "
                                           f"{', '.join(categories(lang))} (one per line), got one text")]
    problems = []
    missing, extra = missing_categories(lang, text.forms), extra_categories(lang, text.forms)
    if missing:
        problems.append(f"plural form(s) {', '.join(missing)} missing")
    if extra:
        problems.append(f"plural form(s) {', '.join(extra)} not used in '{lang}'")
    return [Finding(path, domain, key, "; ".join(problems) + f" (CLDR: {', '.join(categories(lang))})")] \
        if problems else []


def _fields(names: set[str]) -> str:
    return "{" + ", ".join(sorted(names)) + "}" if names else "none"


# ------------------------------------------------------------------------------ staleness
def stale(root: Path, lang: str) -> list[Finding]:
    """Keys of ``lang`` whose English changed since they were translated (or that were
    never confirmed), and a rules template or player aid when the English one changed."""
    findings = []
    for domain in domains(root):
        path = domain.file(lang)
        if not path.is_file():
            continue
        table = load(path)
        record = table.get(RECORD_KEY) or {}
        translated = flatten(table)
        for key in domain.templates(lang):
            translated[key] = ""
        for key in sorted((table.get(FUZZY_KEY) or {})):
            findings.append(Finding(path, domain.name, key, "fuzzy: a draft from a catalog, not printed until "
                                                            "translated without the fuzzy flag"))
        for key, english in source_texts(domain).items():
            if key not in translated:
                continue                      # a parity finding, not a stale one
            recorded = record.get(key)
            if recorded is None:
                findings.append(Finding(path, domain.name, key, "never confirmed against the English"))
            elif recorded != source_hash(english):
                findings.append(Finding(path, domain.name, key, f"English changed since translated: {_short(english)}"))
    return findings


def _short(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 60 else text[:57] + "...")


def confirm(root: Path, lang: str, keys: list[str] | None) -> list[str]:
    """Record the current English hash of ``keys`` (``<domain>:<key>``; None: every key of
    ``lang``) in the translated files, i.e. a translator has checked them.  Returns the
    qualified keys confirmed.

    Raises:
        UsageError: ``lang`` is English or has no files; a key is unknown or untranslated.
    """
    if lang == SOURCE_LANG:
        raise UsageError("English is the source language: nothing to confirm", key="--lang")
    by_domain = {d.name: d for d in domains(root)}
    wanted: dict[str, list[str]] = {}
    if keys is None:
        for domain in by_domain.values():
            if domain.file(lang).is_file():
                wanted[domain.name] = list(source_texts(domain))
        if not wanted:
            raise UsageError(f"no '{lang}' language files", key="--lang")
    else:
        for qualified in keys:
            name, _, key = qualified.partition(":")
            if name not in by_domain or not key:
                raise UsageError(f"expected <domain>:<key> with a domain of {', '.join(by_domain)}, got {qualified!r}",
                                 key="KEY")
            wanted.setdefault(name, []).append(key)
    done = []
    for name, names in wanted.items():
        domain = by_domain[name]
        path = domain.file(lang)
        english = source_texts(domain)
        translated = flatten(load(path))
        templates = domain.templates(lang)
        hashes = {}
        for key in names:
            if key not in english:
                raise UsageError(f"{name}:{key} is not an English key", key="KEY")
            if key in TEMPLATE_KEYS and key not in templates:
                if keys is None:
                    continue
                raise UsageError(f"{name} has no {lang} template for {key}", key="KEY")
            if key not in TEMPLATE_KEYS and key not in translated:
                if keys is None:
                    continue
                raise UsageError(f"{name}:{key} has no {lang} translation to confirm", key="KEY")
            hashes[key] = source_hash(english[key])
        if hashes:
            write_record(path, hashes)
            done += [f"{name}:{key}" for key in hashes]
    return done


def write_record(path: Path, hashes: dict[str, str]) -> None:
    """Merge ``hashes`` into the ``_translated_from`` record of ``path`` (comments and layout
    of the rest of the file kept)."""
    from pnp.model.yaml_rt import dump, load_rt

    document = load_rt(path)
    _merge_record(document, hashes)
    dump(document, path)


def _merge_record(document, hashes: dict[str, str]) -> None:
    from ruamel.yaml.comments import CommentedMap

    record = document.get(RECORD_KEY)
    if record is None:
        record = CommentedMap()
        document[RECORD_KEY] = record
        document.yaml_set_comment_before_after_key(
            RECORD_KEY, before="The English each key was translated from (sha256[:12]).\n"
                               "Written by `pnp i18n confirm` and `pnp i18n import`, not by hand.")
    record.update(hashes)
    ordered = sorted(record.items(), key=lambda kv: kv[0])
    record.clear()
    record.update(ordered)


# ------------------------------------------------------------------------------ unused keys
def unused_keys(root: Path) -> list[Finding]:
    """English keys that no code or template names: neither the key, an ancestor of it
    (``goods`` for ``goods.grain``, looked up by id), its last part, nor a prefix a
    format string completes (``print_instructions_``) appears in ``pnp``, a game's package
    or a rules template."""
    from pnp.registry import game

    words = _code_words([Path(__file__).resolve().parents[1]])
    findings = []
    for domain in domains(root):
        extra_dirs = []
        if domain.name != COMMON:
            module = game(domain.name, root).module("kit")
            extra_dirs.append(Path(module.__file__).parent)
            extra_dirs.append(domain.rules_dir)
        local = words | _code_words(extra_dirs) if extra_dirs else words
        prefixes = [w for w in local if w.endswith(("_", "."))]
        for key in flatten(load(domain.file(SOURCE_LANG))):
            parts = key.split(".")
            names = {".".join(parts[:i]) for i in range(1, len(parts) + 1)} | {p for p in parts if not p.isdigit()}
            if names & local or any(key.startswith(p) for p in prefixes):
                continue
            findings.append(Finding(domain.file(SOURCE_LANG), domain.name, key, "no code or template uses it"))
    return findings


def _code_words(folders: list[Path]) -> set[str]:
    words: set[str] = set()
    for folder in folders:
        if folder is None or not folder.is_dir():
            continue
        for path in list(folder.rglob("*.py")) + list(folder.rglob("*.j2")):
            words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_.]*", path.read_text(encoding="utf-8")))
    return words
