#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The units scripts/lint.sh runs clang-tidy on: one per source folder.

clang-tidy 14 spends most of a file's time parsing and matching the headers it includes (Qt's,
Eigen's, the standard library's): 7 s of parsing and 21 s of matching for ui/src/plot/
plot_view.cpp, of which its own code is a small part. A unit is the text of every .cpp of one
folder (core/src/<room>/, core/src/schemes/<id>/, ui/src/<part>/) compiled with the same flags,
one after the other, so those headers are parsed and matched once per folder instead of once
per file. The ui's sources compile as one (no two define one name), so its units span
folders: up to MAX_SOURCES sources each, which saves Qt's headers again (4 units instead of
15); the core's rooms each define their own helpers and message templates under the same
names, so a core unit is one folder. The sources are copied, not #included: code of the main file is what clang-tidy's
main-file checks (misc-unused-using-decls, misc-unused-alias-decls) and the static analyzer's
path-sensitive checks look at, so they see every source as when it is linted alone. clang-tidy
reports a finding at the unit's line; `map` turns it back into the source's path and line.

Usage:
  lint_units.py write COMPILE_DB OUT_DIR ROOT SOURCE...
      COMPILE_DB  compile_commands.json of the lint build
      OUT_DIR     where the units, their compile_commands.json, units.txt and units.map are
                  written
      ROOT        the repository's root (sources are given relative to it)
      SOURCE      the .cpp files to lint, relative to ROOT
    units.txt has one line per unit: the unit's path, then its sources, separated by spaces,
    largest first (by the size of its sources), so that no large one starts last.
  lint_units.py map OUT_DIR LOG...
      rewrites each clang-tidy log in place: UNIT:LINE[:COLUMN] becomes SOURCE:LINE[:COLUMN].
"""
import json
import os
import re
import shlex
import sys

# Areas whose sources share units across their folders, and the most sources a unit holds.
MERGED_AREAS = ("ui/src",)
MAX_SOURCES = 14


def flags_key(entry, source):
    """The compile command without the source and the object file: sources compiled with the
    same flags can share a unit."""
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    key, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a == "-o":
            skip = True
            continue
        if a in (source, "-c"):
            continue
        key.append(a)
    return (entry.get("directory", ""), tuple(key))


def unit_command(entry, source, unit, folders):
    """`entry`'s command for `unit` instead of `source`, with the sources' folders searched for
    headers included by a path relative to them (as a source's own folder is, for quoted
    includes, when it is compiled alone)."""
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    args = [unit if a == source else a for a in args]
    args[1:1] = ["-I" + f for f in folders]
    out = dict(entry)
    out["file"] = unit
    out.pop("arguments", None)
    out["command"] = " ".join(shlex.quote(a) for a in args)
    return out


def write(db_path, out_dir, root, sources):
    with open(db_path, encoding="utf-8") as f:
        db = {os.path.normpath(e["file"]): e for e in json.load(f)}
    os.makedirs(out_dir, exist_ok=True)
    units = {}
    for rel in sources:
        path = os.path.normpath(os.path.join(root, rel))
        entry = db.get(path)
        if entry is None:
            sys.exit(f"lint_units.py: {rel} is not in {db_path}")
        folder = os.path.dirname(rel)
        area = next((a for a in MERGED_AREAS if folder == a or folder.startswith(a + "/")), folder)
        units.setdefault((area, flags_key(entry, path)), []).append((rel, path, entry))
    chunks = []
    for (area, _), members in units.items():
        members.sort(key=lambda m: m[0])
        n = -(-len(members) // MAX_SOURCES)  # as few units as hold them, of even sizes
        size = -(-len(members) // n)
        chunks += [(area, members[k:k + size]) for k in range(0, len(members), size)]
    out_db, lines, spans, count = [], [], {}, {}
    for folder, members in chunks:
        n = count.get(folder, 0)
        count[folder] = n + 1
        name = folder.replace("/", "_") + (f"_{n}" if n else "") + ".cpp"
        unit = os.path.join(os.path.abspath(out_dir), name)
        text, at, spans[unit] = "", 1, []
        for rel, path, _ in members:
            with open(path, encoding="utf-8") as f:
                source = f.read()
            if not source.endswith("\n"):
                source += "\n"
            spans[unit].append([at, rel])
            at += source.count("\n")
            text += source
        with open(unit, "w", encoding="utf-8") as f:
            f.write(text)
        rel0, path0, entry0 = members[0]
        folders = sorted({os.path.dirname(p) for _, p, _ in members})
        out_db.append(unit_command(entry0, path0, unit, folders))
        size = sum(os.path.getsize(p) for _, p, _ in members)
        lines.append((size, unit + " " + " ".join(r for r, _, _ in members)))
    with open(os.path.join(out_dir, "compile_commands.json"), "w", encoding="utf-8") as f:
        json.dump(out_db, f, indent=1)
    with open(os.path.join(out_dir, "units.map"), "w", encoding="utf-8") as f:
        json.dump(spans, f, indent=1)
    with open(os.path.join(out_dir, "units.txt"), "w", encoding="utf-8") as f:
        for _, line in sorted(lines, key=lambda x: -x[0]):
            f.write(line + "\n")


def map_logs(out_dir, logs):
    with open(os.path.join(out_dir, "units.map"), encoding="utf-8") as f:
        spans = json.load(f)
    if not spans:
        return
    pattern = re.compile("(" + "|".join(re.escape(u) for u in spans) + r"):(\d+)")

    def source_line(match):
        line = int(match.group(2))
        start, rel = max((s for s in spans[match.group(1)] if s[0] <= line), key=lambda s: s[0])
        return f"{rel}:{line - start + 1}"

    for log in logs:
        with open(log, encoding="utf-8", errors="surrogateescape") as f:
            text = f.read()
        mapped = pattern.sub(source_line, text)
        if mapped != text:
            with open(log, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(mapped)


def main():
    if len(sys.argv) >= 5 and sys.argv[1] == "write":
        write(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    elif len(sys.argv) >= 3 and sys.argv[1] == "map":
        map_logs(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
