#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that every link of README.md and docs/*.md stays inside the repository and resolves:
a relative link names an existing file, and its #anchor a heading of that file (GitHub's
anchors: lower case, punctuation dropped, blanks to hyphens, -1, -2 for repeats). A link with
a scheme (https:, mailto:, ...) is a finding: nothing in the repository points outside it.
Usage: scripts/check_doc_links.py [SOURCE_DIR]; exit status 1 and one line per finding."""
import os
import re
import sys


def anchors(path):
    """The anchors GitHub makes for the headings of the Markdown file `path`."""
    found, seen, fenced = set(), {}, False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("```"):
                fenced = not fenced
                continue
            m = None if fenced else re.match(r"#{1,6} (.*)", line)
            if not m:
                continue
            a = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            n = seen.get(a, 0)
            seen[a] = n + 1
            found.add(a if n == 0 else f"{a}-{n}")
    return found


def links(path):
    """The link targets of `path`, code blocks and code spans left out."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    return re.findall(r"\]\(([^)\s]+)\)", text)


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    docs = os.path.join(root, "docs")
    files = ["README.md"] + sorted("docs/" + f for f in os.listdir(docs) if f.endswith(".md"))
    findings, count = 0, 0
    for name in files:
        for target in links(os.path.join(root, name)):
            count += 1
            if re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", target):
                print(f"{name}: points outside the repository: {target}")
                findings += 1
                continue
            path, _, anchor = target.partition("#")
            full = os.path.normpath(os.path.join(root, os.path.dirname(name), path)) \
                if path else os.path.join(root, name)
            if not full.startswith(root + os.sep) or not os.path.exists(full):
                print(f"{name}: no such file in the repository: {target}")
                findings += 1
            elif anchor and full.endswith(".md") and anchor not in anchors(full):
                print(f"{name}: {path or name} has no heading for #{anchor}")
                findings += 1
    print(f"{count} links in {len(files)} files, {findings} broken")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
