#!/usr/bin/env python3
"""Checks the user-facing documents of a tilewalk tree (README.md and docs/*.md):

- every relative link and image resolves to a file of the tree, and every #anchor to a heading there;
- README.md is at most 150 lines, and its first code block holds the two commands (run, then test),
  each of which .ci/run calls;
- no document tells the project's development history ("stop 12", "session").

Prints one line per problem, "FILE:LINE: what is wrong", and exits 1 when there is any.
    check_docs.py ROOT
"""
import pathlib
import re
import sys

README_MAX_LINES = 150
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HISTORY = re.compile(r"\bstop [0-9]+|session", re.IGNORECASE)
FENCE = re.compile(r"^\s*(```|~~~)")


def slug(heading):
    """The anchor a heading gets on GitHub: lower case, punctuation dropped, spaces as dashes."""
    text = re.sub(r"`|\*\*|__", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def outside_code(lines):
    """(line number, text) of the lines that are not inside a fenced block."""
    fenced = False
    for number, text in enumerate(lines, 1):
        if FENCE.match(text):
            fenced = not fenced
            continue
        if not fenced:
            yield number, text


def anchors(path):
    return {slug(text.lstrip("#")) for _, text in outside_code(path.read_text(encoding="utf-8").splitlines())
            if text.startswith("#")}


def check_links(root, doc, problems):
    for number, text in outside_code(doc.read_text(encoding="utf-8").splitlines()):
        text = re.sub(r"`[^`]*`", "", text)  # code spans hold no links
        for target in LINK.findall(text):
            if re.match(r"^[a-z]+:", target):
                continue  # a web address: not ours to resolve here
            file_part, _, anchor = target.partition("#")
            linked = (doc.parent / file_part).resolve() if file_part else doc.resolve()
            where = f"{doc.relative_to(root)}:{number}"
            if root.resolve() not in linked.parents and linked != root.resolve():
                problems.append(f"{where}: '{target}' points outside the repository")
            elif not linked.exists():
                problems.append(f"{where}: '{target}' does not exist")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                problems.append(f"{where}: '{target}' names no heading of {linked.name}")


def first_code_block(lines):
    """The commands of the README's first code block, indented or fenced, without their comments."""
    block, fenced = [], False
    for text in lines:
        if FENCE.match(text):
            if fenced:
                break
            fenced = True
            continue
        if fenced or text.startswith("    "):
            command = text.split("#", 1)[0].strip()
            if command:
                block.append(command)
        elif block:
            break
    return block


def check_readme(root, problems):
    readme = root / "README.md"
    lines = readme.read_text(encoding="utf-8").splitlines()
    if len(lines) > README_MAX_LINES:
        problems.append(f"README.md: {len(lines)} lines, more than {README_MAX_LINES}")
    commands = first_code_block(lines)
    if len(commands) != 2:
        problems.append(f"README.md: its first code block holds {len(commands)} commands, not the two "
                        "(run, then test)")
        return
    ci = root / ".ci" / "run"
    calls = [text.split("#", 1)[0] for text in ci.read_text(encoding="utf-8").splitlines()] if ci.exists() else []
    for command in commands:
        pattern = re.compile(r"(^|[\s;&|])" + re.escape(command) + r"($|[\s;&|])")
        if not any(pattern.search(call) for call in calls):
            problems.append(f"README.md: .ci/run does not call the README's command '{command}'")


def check_history(root, docs, problems):
    for doc in docs:
        for number, text in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            for found in HISTORY.finditer(text):
                problems.append(f"{doc.relative_to(root)}:{number}: '{found.group(0)}' reads as development "
                                "history, which lives in git")


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    root = pathlib.Path(sys.argv[1])
    docs = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
    problems = []
    for doc in docs:
        check_links(root, doc, problems)
    check_readme(root, problems)
    check_history(root, docs, problems)
    for problem in problems:
        print(problem)
    print(f"check_docs: {len(docs)} documents, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
