#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks the files that make PosEnc Explorer a desktop application as the desktop's own tools
# read them, and fails on any finding:
#  - the menu entry (org.posenc.Explorer.desktop): desktop-file-validate prints nothing but
#    the hint that it names two main categories (Education and Science, as asked for);
#  - the AppStream metadata (org.posenc.Explorer.metainfo.xml): appstreamcli validate
#    --no-net --pedantic reports no error, no warning and no info but one: the <developer>
#    tag, which AppStream 0.16 predates (its pedantic notes are printed: the capital letter
#    in the id org.posenc.Explorer);
#  - the session file type (org.posenc.Explorer.xml): xmllint reads it against nothing but
#    XML, update-mime-database builds a MIME database from it in a temporary folder, and gio
#    reads from that database the type of a session named *.posenc.json and of one with no
#    extension (the magic).
#
# Usage: scripts/check_desktop_files.sh [TREE]
#   TREE  an installed tree: the files are read from TREE/share/applications, TREE/share/
#         metainfo and TREE/share/mime/packages (say build/x/root/usr after
#         `DESTDIR=build/x/root cmake --install build/ci --prefix /usr`); without it, the
#         sources in resources/desktop/
# Needs desktop-file-utils, appstream, libxml2-utils, shared-mime-info and libglib2.0-bin
# (scripts/deps.sh package installs them).
set -euo pipefail

case "${1:-}" in
  -h | --help) sed -n '3,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
if [ $# -gt 1 ]; then
  echo "check_desktop_files.sh: at most one argument, the installed tree (see --help)" >&2
  exit 2
fi
id=org.posenc.Explorer
source_dir="$(cd "$(dirname "$0")/.." && pwd)/resources/desktop"
if [ $# -eq 1 ]; then
  desktop="$1/share/applications/$id.desktop"
  metainfo="$1/share/metainfo/$id.metainfo.xml"
  mime="$1/share/mime/packages/$id.xml"
else
  desktop="$source_dir/$id.desktop"
  metainfo="$source_dir/$id.metainfo.xml"
  mime="$source_dir/$id.xml"
fi
for f in "$desktop" "$metainfo" "$mime"; do
  [ -f "$f" ] || { echo "check_desktop_files.sh: $f: no such file" >&2; exit 1; }
done
status=0

echo "== desktop-file-validate $desktop"
out="$(desktop-file-validate "$desktop" 2>&1)" || status=1
[ -z "$out" ] || printf '%s\n' "$out"
if printf '%s\n' "$out" | grep -v -e '^$' -e 'contains more than one main category' | grep -q .; then
  echo "check_desktop_files.sh: desktop-file-validate found something in $desktop" >&2
  status=1
fi

echo "== appstreamcli validate --no-net --pedantic $metainfo"
out="$(appstreamcli validate --no-net --pedantic "$metainfo" 2>&1)" || status=1
printf '%s\n' "$out"
# Errors, warnings and infos fail, but for the info that AppStream before 1.0 (Debian 12 has
# 0.16) does not know the <developer> tag (1.0's replacement of <developer_name>).
if printf '%s\n' "$out" | grep -e '^E:' -e '^W:' -e '^I:' | grep -v -q 'unknown-tag developer$'; then
  echo "check_desktop_files.sh: appstreamcli reports errors, warnings or infos in $metainfo" >&2
  status=1
fi

echo "== xmllint and update-mime-database $mime"
xmllint --noout "$mime" || status=1
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/mime/packages"
cp "$mime" "$work/mime/packages/"
if XDG_DATA_HOME="$work" update-mime-database "$work/mime"; then
  # A session as the window writes it (ui/src/io/session_io.cpp: sorted keys, indented).
  session='{
    "format": "posenc-session",
    "params": {
    },
    "scheme": "rope",
    "version": 1
}'
  printf '%s\n' "$session" > "$work/lesson.posenc.json"
  printf '%s\n' "$session" > "$work/lesson"
  # Other JSON with no extension is not a session.
  printf '{\n    "format": "posenc-preset"\n}\n' > "$work/preset"
  for f in lesson.posenc.json lesson preset; do
    type="$(XDG_DATA_HOME="$work" XDG_DATA_DIRS=/usr/share \
      gio info -a standard::content-type "$work/$f" | sed -n 's/.*content-type: //p')"
    echo "$f: $type"
    if [ "$f" = preset ] && [ "$type" = application/x-posenc-session+json ]; then
      echo "check_desktop_files.sh: JSON that is not a session reads as a session" >&2
      status=1
    elif [ "$f" != preset ] && [ "$type" != application/x-posenc-session+json ]; then
      echo "check_desktop_files.sh: a session named '$f' reads as '$type'," \
        "not application/x-posenc-session+json" >&2
      status=1
    fi
  done
else
  echo "check_desktop_files.sh: update-mime-database cannot read $mime" >&2
  status=1
fi

if [ "$status" -eq 0 ]; then echo "check_desktop_files.sh: all clean"; fi
exit "$status"
