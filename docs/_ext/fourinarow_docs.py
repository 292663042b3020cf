"""Sphinx directives that write reference pages from the program itself, so they cannot drift.

- ``fourinarow-cli`` documents every command of ``fourinarow`` from its argument parsers
  (:func:`fourinarow.cli.main.build_parser`): usage, description and every option, with
  subcommands (``puzzle ACTION``, ``book build``) nested under their command.
- ``fourinarow-openapi`` documents every endpoint of ``fourinarow serve`` from the app's OpenAPI
  schema: method, path, summary, parameters, request body and answers.

Both build docutils nodes directly (the help texts are plain text, never parsed as markup).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.ext.napoleon import Config as NapoleonConfig
from sphinx.ext.napoleon.docstring import GoogleDocstring
from sphinx.util.docutils import SphinxDirective


@dataclass(frozen=True)
class Option:
    """One argument of a parser as the reference shows it."""

    names: str  # "--time-ms MS" or "POSITION"
    help: str
    default: str | None


@dataclass(frozen=True)
class CommandDoc:
    """One command (or subcommand) of the parser tree."""

    name: str  # "fourinarow puzzle play"
    usage: str
    description: str
    options: tuple[Option, ...]
    children: tuple[CommandDoc, ...]


def _help_text(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    """The action's help with ``%(default)s`` and friends filled in, as ``--help`` shows it."""
    if not action.help or action.help == argparse.SUPPRESS:
        return ""
    formatter = parser._get_formatter()
    return " ".join(formatter._expand_help(action).split())


def _names(action: argparse.Action) -> str:
    """How the argument is written: ``-o FILE, --output FILE`` or ``POSITION``."""
    if not action.option_strings:
        return action.metavar if isinstance(action.metavar, str) else action.dest.upper()
    if action.nargs == 0:
        return ", ".join(action.option_strings)
    metavar = action.metavar if isinstance(action.metavar, str) else action.dest.upper()
    return ", ".join(f"{name} {metavar}" for name in action.option_strings)


def _subparsers(parser: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """The subcommands of ``parser`` (first occurrence of each parser, aliases skipped)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            seen: set[int] = set()
            for name, child in action.choices.items():
                if id(child) not in seen:
                    seen.add(id(child))
                    yield name, child


def describe(parser: argparse.ArgumentParser, name: str) -> CommandDoc:
    """The reference of ``parser`` and, nested, of its subcommands."""
    options = tuple(
        Option(_names(action), _help_text(parser, action), None)
        for action in parser._actions
        if not isinstance(action, argparse._SubParsersAction) and action.help != argparse.SUPPRESS
    )
    usage = " ".join(parser.format_usage().removeprefix("usage:").split())
    children = tuple(describe(child, f"{name} {sub}") for sub, child in _subparsers(parser))
    return CommandDoc(name, usage, parser.description or "", options, children)


def command_tree() -> CommandDoc:
    """The whole ``fourinarow`` command line, as the parsers define it."""
    from fourinarow.cli.main import build_parser

    return describe(build_parser(), "fourinarow")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _section(title: str, key: str) -> nodes.section:
    section = nodes.section(ids=[_slug(key)], names=[nodes.fully_normalize_name(key)])
    section += nodes.title(text=title)
    return section


def _command_nodes(command: CommandDoc, top: bool) -> list[nodes.Node]:
    """The paragraphs of one command: usage, description and an option list."""
    body: list[nodes.Node] = [nodes.literal_block(text=command.usage, language="text")]
    if command.description:
        body.append(nodes.paragraph(text=command.description))
    items = nodes.definition_list()
    for option in command.options:
        item = nodes.definition_list_item()
        item += nodes.term("", "", nodes.literal(text=option.names))
        item += nodes.definition("", nodes.paragraph(text=option.help or "(no description)"))
        items += item
    if len(items):
        body.append(items)
    return body


class CliReference(SphinxDirective):
    """``fourinarow-cli``: a section per command, in ``fourinarow --help`` order."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        tree = command_tree()
        result: list[nodes.Node] = list(_command_nodes(tree, top=True))
        for command in tree.children:
            result.append(self._section(command))
        return result

    def _section(self, command: CommandDoc) -> nodes.section:
        section = _section(command.name, command.name)
        section.extend(_command_nodes(command, top=False))
        for child in command.children:
            section += self._section(child)
        return section


def openapi_schema() -> dict[str, Any]:
    """The OpenAPI schema of ``fourinarow serve``'s app."""
    from fourinarow.web.app import create_app

    schema: dict[str, Any] = create_app().openapi()
    return schema


def _schema_type(schema: dict[str, Any]) -> str:
    """A short name for a JSON schema: ``integer``, ``string or null``, ``Move``."""
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    if "anyOf" in schema:
        return " or ".join(_schema_type(part) for part in schema["anyOf"])
    if schema.get("type") == "array":
        return f"array of {_schema_type(schema.get('items', {}))}"
    return str(schema.get("type", "any"))


class OpenApiReference(SphinxDirective):
    """``fourinarow-openapi``: a section per endpoint of the app's OpenAPI schema."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        schema = openapi_schema()
        result: list[nodes.Node] = []
        for path, methods in schema.get("paths", {}).items():
            for method, operation in methods.items():
                title = f"{method.upper()} {path}"
                section = _section(title, f"endpoint {title}")
                if operation.get("summary"):
                    section += nodes.paragraph(text=operation["summary"])
                if operation.get("description"):
                    for paragraph in str(operation["description"]).split("\n\n"):
                        section += nodes.paragraph(text=" ".join(paragraph.split()))
                section.extend(self._parameters(operation))
                section.extend(self._responses(operation))
                result.append(section)
        return result

    def _parameters(self, operation: dict[str, Any]) -> list[nodes.Node]:
        parameters = operation.get("parameters", [])
        if not parameters:
            return []
        items = nodes.definition_list()
        for parameter in parameters:
            required = "required" if parameter.get("required") else "optional"
            kind = _schema_type(parameter.get("schema", {}))
            item = nodes.definition_list_item()
            item += nodes.term(
                "", "", nodes.literal(text=parameter["name"]), nodes.Text(f" ({kind}, {required})")
            )
            text = parameter.get("description") or parameter.get("schema", {}).get("title", "")
            item += nodes.definition("", nodes.paragraph(text=" ".join(str(text).split())))
            items += item
        return [nodes.rubric(text="Parameters"), items]

    def _responses(self, operation: dict[str, Any]) -> list[nodes.Node]:
        responses = operation.get("responses", {})
        if not responses:
            return []
        items = nodes.bullet_list()
        for status, response in responses.items():
            items += nodes.list_item(
                "", nodes.paragraph(text=f"{status}: {response.get('description', '')}")
            )
        return [nodes.rubric(text="Answers"), items]


_NAPOLEON = NapoleonConfig(
    napoleon_google_docstring=True,
    napoleon_numpy_docstring=False,
    napoleon_use_ivar=True,
    napoleon_use_rtype=False,
)


def _google_sections(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Turn the docstrings' ``Args:``, ``Raises:`` and ``Attributes:`` sections into fields.

    Properties and attributes are left alone: their one-line docstrings ("The player to move:
    1 or 2.") are prose, not ``type: description``.
    """
    if what in ("attribute", "property", "data"):
        return
    docstring = GoogleDocstring(
        _one_name_each(lines),
        _NAPOLEON,  # type: ignore[arg-type]  # napoleon's own Config, as its setup() passes
        app,
        what,  # type: ignore[arg-type]  # one of autodoc's object types
        name,
        obj,
        options,
    )
    lines[:] = docstring.lines()


_SHARED_ENTRY = re.compile(r"^(\s+)(\w+(?:, \w+)+): (.*)$")
_SECTIONS_WITH_NAMES = ("Args:", "Arguments:", "Attributes:", "Parameters:")


def _one_name_each(lines: list[str]) -> list[str]:
    """Split ``width, height: the shape.`` entries of an ``Args:`` or ``Attributes:`` section
    into one entry per name (the same text each), as napoleon reads one name an entry."""
    result: list[str] = []
    in_names = False
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.strip() and not line[0].isspace():
            in_names = line.strip() in _SECTIONS_WITH_NAMES
        match = _SHARED_ENTRY.match(line) if in_names else None
        if match is None:
            result.append(line)
            index += 1
            continue
        indent, names, text = match.groups()
        more = index + 1
        while more < len(lines) and (lines[more].startswith(indent + " ") and lines[more].strip()):
            more += 1
        for name in names.split(", "):
            result.append(f"{indent}{name}: {text}")
            result.extend(lines[index + 1 : more])
        index = more
    return result


def _unlinked_standard_types(app: Sphinx, config: Any) -> None:
    """The standard library's ``array`` (in :class:`~fourinarow.search.openings.Book`'s
    signature) stays unlinked, as conf.py leaves the rest of the standard library."""
    config.nitpick_ignore_regex.append((r"py:class", r"array(\.array)?"))


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _unlinked_standard_types)
    app.connect("autodoc-process-docstring", _google_sections)
    app.add_directive("fourinarow-cli", CliReference)
    app.add_directive("fourinarow-openapi", OpenApiReference)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
