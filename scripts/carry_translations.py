#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Carries translations across Qt Linguist contexts after code moved between classes.

tr() takes its context from the class it is written in, so moving a function from MainWindow
into, say, MenuBar makes lupdate drop the MainWindow message and add an unfinished MenuBar one
with the same English text (sometimes pre-filled with a guess, still unfinished). This gives
such a message the translation the same source text (and disambiguation comment) had before,
when that translation is unique, and marks it finished.

Usage: carry_translations.py snapshot TS SAVED.json   (before lupdate)
       carry_translations.py apply TS SAVED.json      (after lupdate; prints how many)
"""
import html
import json
import re
import sys

MESSAGE = re.compile(r"<message(?P<attrs>[^>]*)>(?P<body>.*?)</message>", re.S)
SOURCE = re.compile(r"<source>(.*?)</source>", re.S)
COMMENT = re.compile(r"<comment>(.*?)</comment>", re.S)
TRANSLATION = re.compile(r"<translation(?P<attrs>[^>]*)>(?P<text>.*?)</translation>|<translation(?P<empty>[^>]*)/>", re.S)


def key(body):
    source = SOURCE.search(body)
    comment = COMMENT.search(body)
    return (source.group(1) if source else "") + "\x00" + (comment.group(1) if comment else "")


def finished(attrs):
    return "type=" not in attrs


def snapshot(ts, saved):
    text = open(ts, encoding="utf-8").read()
    found = {}
    for m in MESSAGE.finditer(text):
        t = TRANSLATION.search(m.group("body"))
        if not t or t.group("empty") is not None or not finished(t.group("attrs") or ""):
            continue
        if not re.sub(r"<[^>]+>", "", t.group("text")).strip():
            continue
        found.setdefault(key(m.group("body")), set()).add(t.group("text"))
    unique = {k: v.pop() for k, v in found.items() if len(v) == 1}
    json.dump(unique, open(saved, "w", encoding="utf-8"), ensure_ascii=False)


def apply(ts, saved):
    known = json.load(open(saved, encoding="utf-8"))
    text = open(ts, encoding="utf-8").read()
    carried = 0

    def fill(m):
        nonlocal carried
        body = m.group("body")
        t = TRANSLATION.search(body)
        if not t or 'type="unfinished"' not in (t.group("attrs") or t.group("empty") or ""):
            return m.group(0)
        # lupdate may have guessed a translation from a similar text and left it unfinished;
        # the exact text's own translation replaces the guess.
        k = key(body)
        if k not in known:
            return m.group(0)
        carried += 1
        body = body[: t.start()] + "<translation>" + known[k] + "</translation>" + body[t.end():]
        return "<message" + m.group("attrs") + ">" + body + "</message>"

    text = MESSAGE.sub(fill, text)
    open(ts, "w", encoding="utf-8").write(text)
    print(f"carry_translations.py: {ts}: {carried} moved message(s) keep their translation")


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("snapshot", "apply"):
        sys.exit(__doc__)
    (snapshot if sys.argv[1] == "snapshot" else apply)(sys.argv[2], sys.argv[3])
