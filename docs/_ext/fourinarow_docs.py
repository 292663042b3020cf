"""Sphinx directives that write reference pages from the program itself, so they cannot drift,
and the reading of the docstrings' Google-style sections for autodoc.

- ``fourinarow-cli`` documents every command of ``fourinarow`` from its argument parsers
  (``fourinarow.cli.main.build_parser``): summary, usage, description, every argument by group
  (with defaults, choices, required and mutually exclusive options where the help does not say
  them), subcommands (``puzzle generate``, ``book build``) nested under their command, and the
  epilog. Each command's section is a label: ``[text](cli.md#fourinarow-book-build)``.
- ``fourinarow-openapi`` documents every endpoint of ``fourinarow serve`` from the app's OpenAPI
  schema: method, path, summary, parameters, request body and answers.
- The ``Args:``, ``Raises:`` and ``Attributes:`` sections of docstrings become field lists
  (napoleon's Google parser), so that autodoc renders them as parameters and exceptions.

The directives build docutils nodes directly (help texts are plain text, never parsed as markup).
"""

from __future__ import annotations

import argparse
import contextlib
import re
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, cast

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.ext.napoleon import Config as NapoleonConfig
from sphinx.ext.napoleon.docstring import GoogleDocstring
from sphinx.util.docutils import SphinxDirective

USAGE_WIDTH = 90
"""The width the usage lines are wrapped to, whatever the terminal that builds the manual."""


@dataclass(frozen=True)
class Option:
    """One argument of a parser as the reference shows it."""

    names: str  # "--time-ms MS", "-h, --help" or "POSITION"
    option_strings: tuple[str, ...]  # ("--time-ms",); () for a positional argument
    help: str
    default: str | None  # shown where the help does not say it already
    choices: tuple[str, ...]  # shown where the names do not list them already
    required: bool  # an option that must be given (positionals say it by their usage)
    exclusive_with: tuple[str, ...]  # the options of its mutually exclusive group, itself left out


@dataclass(frozen=True)
class Group:
    """A titled group of arguments, as ``--help`` lists them."""

    title: str  # "positional arguments", "options", "stored games (see below)"
    description: str
    options: tuple[Option, ...]


@dataclass(frozen=True)
class CommandDoc:
    """One command (or subcommand) of the parser tree."""

    name: str  # "fourinarow puzzle generate"
    summary: str  # the one line its parent's --help gives it
    usage: str
    description: str
    raw: bool  # description and epilog keep their line breaks (RawDescriptionHelpFormatter)
    groups: tuple[Group, ...]
    subcommand_title: str  # the title of its subcommands' group ("ACTION", "COMMAND")
    subcommand_required: bool
    subcommand_description: str  # what its subcommands' group says of them, if anything
    epilog: str
    children: tuple[CommandDoc, ...]

    @property
    def options(self) -> tuple[Option, ...]:
        """Every argument of the command, in the order of its groups."""
        return tuple(option for group in self.groups for option in group.options)


_MACHINE_SPECIFIC = (
    # --help names this machine's core count; the manual names none.
    (re.compile(r"(the number of cores|the cores this process may use),( here)? \d+\)"), r"\1)"),
)


def _portable(text: str) -> str:
    """``text`` without what ``--help`` says of the machine it runs on: the user data folder
    (as ``$XDG_DATA_HOME/fourinarow``) and the number of cores."""
    from fourinarow.userdata import UnknownDataHomeError, data_folder

    with contextlib.suppress(UnknownDataHomeError):
        text = text.replace(str(data_folder()), "$XDG_DATA_HOME/fourinarow")
    for pattern, replacement in _MACHINE_SPECIFIC:
        text = pattern.sub(replacement, text)
    return text


def _help_text(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    """The action's help with ``%(default)s`` and friends filled in, as ``--help`` shows it."""
    if not action.help or action.help == argparse.SUPPRESS:
        return ""
    formatter = parser._get_formatter()
    return _portable(" ".join(formatter._expand_help(action).split()))


def _metavar(action: argparse.Action) -> str:
    if isinstance(action.metavar, str):
        return action.metavar
    if isinstance(action.metavar, tuple):
        return " ".join(action.metavar)
    if action.choices is not None:
        return "{" + ",".join(str(choice) for choice in action.choices) + "}"
    return action.dest.upper() if action.option_strings else action.dest


def _names(action: argparse.Action) -> str:
    """How the argument is written: ``-o FILE, --output FILE``, ``[PATH]`` or ``POSITION``."""
    metavar = _metavar(action)
    if not action.option_strings:
        return metavar
    if action.nargs == 0:
        return ", ".join(action.option_strings)
    if action.nargs == argparse.OPTIONAL:
        metavar = f"[{metavar}]"
    elif action.nargs in (argparse.ZERO_OR_MORE, argparse.ONE_OR_MORE):
        metavar = f"{metavar} ..."
    return ", ".join(f"{name} {metavar}" for name in action.option_strings)


def _shown(value: object) -> str:
    """A default as the command line writes it: ``7x6`` for a size, ``a,b`` for a tuple."""
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"{value[0]}x{value[1]}"
    if isinstance(value, (tuple, list)):
        return ",".join(str(item) for item in value)
    return str(value)


def _default(action: argparse.Action, help_text: str) -> str | None:
    """The default to show: only for an argument that takes a value, and not said already."""
    if action.nargs == 0 or action.default in (None, False, argparse.SUPPRESS, [], ()):
        return None
    shown = _shown(action.default)
    if "default" in help_text.lower() or re.search(rf"(?<![\w.-]){re.escape(shown)}\b", help_text):
        return None
    return shown


def _option(
    parser: argparse.ArgumentParser, action: argparse.Action, exclusive: tuple[str, ...]
) -> Option:
    help_text = _help_text(parser, action)
    names = _names(action)
    choices = tuple(str(choice) for choice in action.choices or ())
    return Option(
        names=names,
        option_strings=tuple(action.option_strings),
        help=help_text,
        default=_default(action, help_text),
        choices=() if "{" in names else choices,
        required=bool(action.required and action.option_strings),
        exclusive_with=exclusive,
    )


def _exclusive(parser: argparse.ArgumentParser, action: argparse.Action) -> tuple[str, ...]:
    """The options that cannot be given with ``action`` (its mutually exclusive groups')."""
    others: list[str] = []
    for group in parser._mutually_exclusive_groups:
        if action in group._group_actions:
            others.extend(
                other.option_strings[-1] if other.option_strings else _metavar(other)
                for other in group._group_actions
                if other is not action and other.help != argparse.SUPPRESS
            )
    return tuple(others)


def _subparsers_action(parser: argparse.ArgumentParser) -> argparse._SubParsersAction[Any] | None:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action
    return None


def _subparsers(
    parser: argparse.ArgumentParser,
) -> Iterator[tuple[str, str, argparse.ArgumentParser]]:
    """The subcommands of ``parser``: (name, one-line help, parser), aliases skipped."""
    action = _subparsers_action(parser)
    if action is None:
        return
    summaries = {choice.dest: choice.help or "" for choice in action._choices_actions}
    seen: set[int] = set()
    for name, child in action.choices.items():
        if id(child) not in seen:
            seen.add(id(child))
            yield name, summaries.get(name, ""), child


def _formatter_class(parser: argparse.ArgumentParser) -> type[argparse.HelpFormatter]:
    """The parser's help formatter (every parser of fourinarow's names a class)."""
    return cast(type[argparse.HelpFormatter], parser.formatter_class)


def _usage(parser: argparse.ArgumentParser) -> str:
    """The usage lines as ``--help`` prints them, wrapped to :data:`USAGE_WIDTH`."""
    formatter = _formatter_class(parser)(prog=parser.prog, width=USAGE_WIDTH)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    first, *rest = formatter.format_help().strip("\n").splitlines()
    indent = " " * len("usage: ")  # the lines after the first are aligned below it
    return "\n".join([first.removeprefix("usage: "), *(line.removeprefix(indent) for line in rest)])


def describe(parser: argparse.ArgumentParser, name: str, summary: str = "") -> CommandDoc:
    """The reference of ``parser`` and, nested, of its subcommands."""
    groups = []
    for group in parser._action_groups:
        options = tuple(
            _option(parser, action, _exclusive(parser, action))
            for action in group._group_actions
            if not isinstance(action, argparse._SubParsersAction)
            and action.help != argparse.SUPPRESS
        )
        if options:
            groups.append(Group(group.title or "", group.description or "", options))
    subparsers = _subparsers_action(parser)
    children = tuple(
        describe(child, f"{name} {sub}", help_text) for sub, help_text, child in _subparsers(parser)
    )
    return CommandDoc(
        name=name,
        summary=summary,
        usage=_usage(parser),
        description=_portable(parser.description or ""),
        raw=issubclass(_formatter_class(parser), argparse.RawDescriptionHelpFormatter),
        groups=tuple(groups),
        subcommand_title=_metavar(subparsers) if subparsers else "",
        subcommand_required=bool(subparsers and subparsers.required),
        subcommand_description=next(
            (
                group.description or ""
                for group in parser._action_groups
                if subparsers is not None and subparsers in group._group_actions
            ),
            "",
        ),
        epilog=_portable(parser.epilog or ""),
        children=children,
    )


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


def _text_nodes(text: str, raw: bool) -> list[nodes.Node]:
    """A description or epilog as ``--help`` lays it out: paragraphs; with ``raw``, runs of
    indented lines (a table of terms, a list) stay as they are, in a block of their own."""
    if not raw:
        return [_paragraph(text)] if text.strip() else []
    from fourinarow.cli.help_format import text_runs

    body: list[nodes.Node] = []
    for runs in text_runs(text):
        for indented, run in runs:
            if indented:
                laid_out = textwrap.dedent("\n".join(run))
                body.append(nodes.literal_block(laid_out, laid_out, language="text"))
            else:
                body.append(_paragraph(" ".join(run)))
    return body


_OPTION = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*)")
"""A long option named in prose (``--time-ms``): shown as code, so it never breaks at a hyphen."""


def _paragraph(text: str) -> nodes.paragraph:
    """Prose on one line, the options it names as code."""
    paragraph = nodes.paragraph()
    for index, part in enumerate(_OPTION.split(" ".join(text.split()))):
        if index % 2:
            paragraph += nodes.literal(text=part, classes=["option"])
        elif part:
            paragraph += nodes.Text(part)
    return paragraph


def _facts(option: Option) -> str:
    """What the reference adds to an option's help: default, choices, required, exclusions."""
    facts = []
    if option.required:
        facts.append("Required.")
    if option.choices:
        facts.append(f"Choices: {', '.join(option.choices)}.")
    if option.default is not None:
        facts.append(f"Default: {option.default}.")
    if option.exclusive_with:
        facts.append(f"Not with {' or '.join(option.exclusive_with)}.")
    return " ".join(facts)


def _options_list(options: tuple[Option, ...]) -> nodes.definition_list:
    items = nodes.definition_list()
    for option in options:
        item = nodes.definition_list_item()
        item += nodes.term("", "", nodes.literal(text=option.names))
        definition = nodes.definition("", _paragraph(option.help or "(no description)"))
        facts = _facts(option)
        if facts:
            definition += nodes.paragraph("", "", nodes.emphasis(text=facts))
        item += definition
        items += item
    return items


def _is_help(option: Option) -> bool:
    return option.option_strings == ("-h", "--help")


def _command_nodes(command: CommandDoc, top: bool) -> list[nodes.Node]:
    """The body of one command: summary, usage, description, its arguments by group, its
    subcommands and the epilog. ``-h, --help`` is listed once, at the top."""
    body: list[nodes.Node] = []
    if command.summary:
        body.append(
            nodes.paragraph(
                "", "", nodes.strong(text=command.summary[:1].upper() + command.summary[1:] + ".")
            )
        )
    body.append(nodes.literal_block(text=command.usage, language="text"))
    body.extend(_text_nodes(command.description, command.raw))
    for group in command.groups:
        options = tuple(o for o in group.options if top or not _is_help(o))
        if not options:
            continue
        body.append(nodes.rubric(text=group.title[:1].upper() + group.title[1:]))
        body.extend(_text_nodes(group.description, raw=False))
        body.append(_options_list(options))
    if command.children:
        title = "Commands" if top else f"Subcommands ({command.subcommand_title})"
        body.append(nodes.rubric(text=title))
        if command.subcommand_description:
            body.extend(_text_nodes(command.subcommand_description, raw=False))
        elif not command.subcommand_required and not top:
            body.append(nodes.paragraph(text=f"Optional: {command.name} runs without one."))
        items = nodes.definition_list()
        for child in command.children:
            item = nodes.definition_list_item()
            link = nodes.reference(
                "",
                "",
                nodes.literal(text=child.name.rsplit(" ", 1)[-1]),
                refid=_slug(child.name),
                internal=True,
            )
            item += nodes.term("", "", link)
            item += nodes.definition("", nodes.paragraph(text=child.summary))
            items += item
        body.append(items)
    body.extend(_text_nodes(command.epilog, command.raw))
    return body


class CliReference(SphinxDirective):
    """``fourinarow-cli``: a section per command, in ``fourinarow --help`` order, each with its
    subcommands as subsections; each section is also a label (``fourinarow-book-build``)."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        tree = command_tree()
        result: list[nodes.Node] = list(_command_nodes(tree, top=True))
        for command in tree.children:
            result.append(self._section(command))
        for node in result:
            if isinstance(node, nodes.Element):  # "--size", 'fourinarow[gui]' stay as typed
                node["support_smartquotes"] = False
        return result

    def _section(self, command: CommandDoc) -> nodes.section:
        section = nodes.section(ids=[_slug(command.name)], names=[_slug(command.name)])
        section += nodes.title(text=command.name)
        self.state.document.note_explicit_target(section)
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
                    section.extend(self.parse_text_to_nodes(str(operation["summary"])))
                if operation.get("description"):  # the route's docstring: ``code`` and prose
                    section.extend(self.parse_text_to_nodes(str(operation["description"])))
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


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("autodoc-process-docstring", _google_sections)
    app.add_directive("fourinarow-cli", CliReference)
    app.add_directive("fourinarow-openapi", OpenApiReference)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
