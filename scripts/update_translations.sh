#!/usr/bin/env bash
# Refreshes the Qt Linguist sources after strings changed:
#  1. builds posenc_extract_strings and writes resources/translations/core_strings.cpp, the
#     core's and the presets' strings as QT_TRANSLATE_NOOP lines (the core is Qt-free, so
#     lupdate cannot find them by itself);
#  2. runs lupdate over ui/ and that file into resources/translations/posenc_zh_CN.ts,
#     dropping messages that no longer exist (-no-obsolete) and without source locations (so
#     the .ts changes only when strings change);
#  3. gives a message that moved to another class (so another tr() context) the translation
#     its English text had before (scripts/carry_translations.py), when that was unique.
# Then translate what is new (Qt Linguist: linguist posenc_zh_CN.ts, or the .ts by hand, using
# resources/translations/GLOSSARY.md) until tests/ui/translation_test passes: it fails on any
# unfinished, empty or vanished message.
#
# Usage: scripts/update_translations.sh [BUILD_DIR]
#   BUILD_DIR: a configured build tree (default build/dev; configured with the dev preset if
#   missing). LUPDATE=/path/to/lupdate overrides the lupdate found.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/deps.sh build translations
build="${1:-build/dev}"
if [ ! -f "$build/CMakeCache.txt" ]; then
  if [ "$build" = build/dev ]; then cmake --preset dev; else cmake -S . -B "$build"; fi
fi

lupdate="${LUPDATE:-}"
if [ -z "$lupdate" ]; then
  # Qt 6's own, not qtchooser's /usr/bin/lupdate (Qt 5 on Debian).
  for candidate in "$(qtpaths6 --query QT_INSTALL_BINS 2>/dev/null || true)/lupdate" \
                   /usr/lib/qt6/bin/lupdate "$(command -v lupdate-qt6 || true)"; do
    if [ -x "$candidate" ]; then lupdate="$candidate"; break; fi
  done
fi
if [ -z "$lupdate" ]; then
  echo "update_translations.sh: lupdate (Qt 6) not found: install qt6-l10n-tools or set LUPDATE" >&2
  exit 1
fi

cmake --build "$build" --target posenc_extract_strings -j 2
strings_file=resources/translations/core_strings.cpp
"$build/ui/posenc_extract_strings" > "$strings_file.tmp"
mv "$strings_file.tmp" "$strings_file"
echo "update_translations.sh: $(grep -c '^QT_TRANSLATE_NOOP' "$strings_file") strings in $strings_file"

for ts in resources/translations/posenc_*.ts; do
  lang="$(basename "$ts" .ts)"
  lang="${lang#posenc_}"
  saved="$(mktemp)"
  python3 scripts/carry_translations.py snapshot "$ts" "$saved"
  "$lupdate" -silent -locations none -no-obsolete -source-language en -target-language "$lang" \
    -extensions cpp,h ui/src ui/include "$strings_file" -ts "$ts"
  python3 scripts/carry_translations.py apply "$ts" "$saved"
  rm -f "$saved"
  unfinished="$(grep -c 'type="unfinished"' "$ts" || true)"
  echo "update_translations.sh: $ts: $unfinished message(s) to translate"
done
