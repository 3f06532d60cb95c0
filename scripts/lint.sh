#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Static analysis, in this order (each stage runs even when an earlier one found something):
#  1. formatting: clang-format --dry-run -Werror (style in .clang-format) over every .cpp, .h
#     and .hpp in core/, ui/, app/, tests/ and bench/;
#  2. clang-tidy (checks in .clang-tidy, among them readability-function-size: no function
#     longer than 150 lines) on every .cpp in core/src and ui/src: a folder at a time (one
#     unit holding the text of the folder's sources, scripts/lint_units.py, which maps each
#     finding back to its source and line), so that Qt's, Eigen's and the standard library's
#     headers are parsed and matched once per unit, not once per file (a third of the time;
#     the ui's units span folders); a unit whose sources do not compile as one (two of them
#     define one name in their anonymous namespaces) is linted a file at a time, and says
#     which name. Files given as arguments are linted one by one;
#  3. cppcheck (suppressions, each with its reason, in .cppcheck-suppressions).
# Prints every finding as file:line and exits 1 if there is any. Installs clang-format,
# clang-tidy and cppcheck if missing (scripts/deps.sh lint).
#
# Usage: scripts/lint.sh [FILE...]   (no argument: everything, as CI)
#   FILE: a .cpp in core/src or ui/src (all three stages), or any other source the formatting
#   stage covers (that stage only).
# That the ui never names a scheme id, and includes only the parts it may use, is checked by
# tests (tests/ui/scheme_knowledge_test.cpp, architecture_test.cpp), so the quick loop sees it.
# Environment: POSENC_LINT_FORMAT=0 skips stage 1 (for a quick look at the others while a
# change is not yet formatted: clang-format -i FILE formats it); POSENC_LINT_BUILD_DIR
# (default build/lint) is where the compile database is configured; POSENC_LINT_JOBS (default:
# number of cores) is how many clang-format, clang-tidy and cppcheck processes run at once;
# POSENC_LINT_ANALYZER=deep runs clang's static analyzer in full (default shallow, see below).
# Only CMake's configure step runs: nothing is compiled, because no source in core/ or ui/
# includes a generated file (moc output is compiled separately through mocs_compilation.cpp,
# which is not ours to lint). If a source ever includes "moc_x.cpp" or a ui_x.h, clang-tidy
# fails with "file not found" and this script needs to build the autogen target first
# (which, through AUTOGEN's origin dependencies, also compiles posenc_core).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"

stage() {
  echo "== lint.sh: $1 (${SECONDS}s so far)"
}

scripts/deps.sh build lint
clang_tidy="$(command -v clang-tidy || command -v clang-tidy-14)"
jobs="${POSENC_LINT_JOBS:-$(nproc)}"
build="${POSENC_LINT_BUILD_DIR:-build/lint}"
case "$build" in /*) ;; *) build="$root/$build" ;; esac

status=0

# Files of the formatting stage: every source, or those of the arguments.
mapfile -t format_files < <(find core ui app tests bench -type f \
  \( -name "*.cpp" -o -name "*.h" -o -name "*.hpp" \) | sort)
tidy_args=()
if [ $# -gt 0 ]; then
  given=()
  for f in "$@"; do
    f="${f#"$root"/}"
    case " ${format_files[*]} " in
      *" $f "*) given+=("$f") ;;
      *) echo "$f: not a .cpp, .h or .hpp in core/, ui/, app/, tests/ or bench/" >&2; exit 2 ;;
    esac
    case "$f" in (core/src/*.cpp | ui/src/*.cpp) tidy_args+=("$f") ;; esac
  done
  format_files=("${given[@]}")
fi

if [ "${POSENC_LINT_FORMAT:-1}" != 0 ]; then
  stage "clang-format ($(clang-format --version | grep -o 'version [0-9.]*'), ${#format_files[@]} files)"
  # One line per file that is not formatted: in how many places clang-format would change it,
  # the first of them, and the command that formats it.
  # Each file's line is made by its own shell and written at once, so that parallel runs
  # cannot interleave their output.
  printf '%s\0' "${format_files[@]}" | xargs -0 -P "$jobs" -I{} sh -c '
    out="$(clang-format --dry-run -Werror --ferror-limit=0 "$1" 2>&1)" && exit 0
    lines="$(printf "%s\n" "$out" | grep ": error: code should be clang-formatted" | cut -d: -f2)"
    if [ -z "$lines" ]; then
      echo "$1: clang-format failed: $(printf "%s\n" "$out" | head -n 1)"
      exit 1
    fi
    n="$(printf "%s\n" "$lines" | wc -l)"
    places="places"; [ "$n" -eq 1 ] && places="place"
    echo "$1:$(printf "%s\n" "$lines" | head -n 1): $n $places not formatted (clang-format -i $1)"
    exit 1' sh {} | sort || status=1
  [ "$status" -ne 0 ] || echo "clang-format: clean"
else
  stage "clang-format skipped (POSENC_LINT_FORMAT=0)"
fi


stage "configure $build (compile database only)"
mkdir -p "$build"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
  -DPOSENC_BUILD_TESTS=OFF -DPOSENC_BUILD_BENCH=OFF -DPOSENC_PCH=OFF \
  > "$build/lint-configure.log" 2>&1 ||
  { cat "$build/lint-configure.log"; exit 1; }
db="$build/compile_commands.json"

# Every source file of core/ and ui/ must be in the build: a file the build does not know is a
# file nobody compiles, and clang-tidy could not analyse it with the right flags.
mapfile -t all_sources < <(find core/src ui/src -name "*.cpp" | sort)
unbuilt=0
for f in "${all_sources[@]}"; do
  if ! grep -qF "\"file\": \"$root/$f\"" "$db"; then
    echo "$f: not in the build (add it to ${f%%/src/*}/CMakeLists.txt)"
    unbuilt=1
  fi
done
[ "$unbuilt" -eq 0 ] || exit 1
sources=("${all_sources[@]}")
if [ $# -gt 0 ]; then
  sources=("${tidy_args[@]}")
fi
if [ ${#sources[@]} -eq 0 ]; then
  # No .cpp of core/src or ui/src among the arguments: nothing for clang-tidy or cppcheck.
  stage "done ($([ "$status" -eq 0 ] && echo clean || echo 'findings above'))"
  exit "$status"
fi

# The static analyzer (clang-analyzer-*) runs in its shallow mode by default: fewer inlined
# calls and a smaller path budget. On the largest Qt files the deep mode triples the time
# (main_window.cpp: 15 s to parse, +3 s shallow, +25 s deep) and here it found nothing more.
# POSENC_LINT_ANALYZER=deep runs the full analysis.
analyzer_mode="${POSENC_LINT_ANALYZER:-shallow}"
case "$analyzer_mode" in
  shallow | deep) ;;
  *) echo "POSENC_LINT_ANALYZER=$analyzer_mode: expected shallow or deep" >&2; exit 2 ;;
esac
logs="$build/clang-tidy"
rm -rf "$logs"
mkdir -p "$logs"
# One log per unit or file, printed after all have run, so the output of parallel runs does not
# interleave; one whose clang-tidy fails (a finding, since WarningsAsErrors covers every enabled
# check, or a compile error) is listed in failed.txt.
export clang_tidy logs analyzer_mode
tidy() {  # tidy DB: clang-tidy on each path of standard input, largest first, $jobs at once
  xargs -P "$jobs" -I{} sh -c '
    log="$logs/$(echo "$2" | sed "s#^$3/##" | tr / _).log"
    "$clang_tidy" -p "$1" --quiet --extra-arg=-Wno-unknown-warning-option \
      --extra-arg=-Xclang --extra-arg=-analyzer-config \
      --extra-arg=-Xclang --extra-arg="mode=$analyzer_mode" "$2" > "$log" 2>&1 ||
      echo "$2" >> "$logs/failed.txt"' sh "$1" {} "$root"
}
if [ $# -gt 0 ]; then
  stage "clang-tidy ($("$clang_tidy" --version | grep -o 'version [0-9.]*'), ${#sources[@]} files, $jobs jobs, analyzer $analyzer_mode)"
  ls -S "${sources[@]}" | tidy "$build"
else
  units="$build/units"
  rm -rf "$units"
  python3 scripts/lint_units.py write "$db" "$units" "$root" "${sources[@]}"
  stage "clang-tidy ($("$clang_tidy" --version | grep -o 'version [0-9.]*'), ${#sources[@]} files in $(wc -l < "$units/units.txt") folder units, $jobs jobs, analyzer $analyzer_mode)"
  cut -d' ' -f1 "$units/units.txt" | tidy "$units"
  python3 scripts/lint_units.py map "$units" "$logs"/*.log
  # A unit that does not compile as one (a name defined in two of its sources' anonymous
  # namespaces, say) is no verdict on its sources: they are linted one at a time, and the
  # clash is named, so that it can be renamed (each source alone is what the build compiles).
  if [ -s "$logs/failed.txt" ]; then
    : > "$logs/split.txt"
    while read -r unit; do
      log="$logs/$(echo "$unit" | sed "s#^$root/##" | tr / _).log"
      grep -q '\[clang-diagnostic-error\]' "$log" || { echo "$unit" >> "$logs/split.txt.keep"; continue; }
      clash="$(grep -m1 '\[clang-diagnostic-error\]' "$log" | sed "s#^$root/##")"
      members="$(grep -F "$unit " "$units/units.txt" | cut -d' ' -f2- | tr ' ' '\n')"
      echo "clang-tidy: the sources of $(printf '%s\n' "$members" | xargs -n 1 dirname | sort -u |
        sed 's#$#/#' | tr '\n' ' ')do not compile as one unit ($clash; a name two of them" \
        "define); linted one at a time"
      rm -f "$log"
      printf '%s\n' "$members" >> "$logs/split.txt"
    done < "$logs/failed.txt"
    if [ -f "$logs/split.txt.keep" ]; then mv "$logs/split.txt.keep" "$logs/failed.txt"; else rm "$logs/failed.txt"; fi
    [ ! -s "$logs/split.txt" ] || xargs ls -S < "$logs/split.txt" | tidy "$build"
    rm -f "$logs/split.txt"
  fi
fi
# Each finding once (one in a header is reported by every file that includes it), with paths
# relative to the repository, without clang-tidy's "N warnings generated." chatter.
cat "$logs"/*.log | awk -v root="$root/" '
  function flush() { if (block != "" && !(block in seen)) { seen[block] = 1; n++; printf "%s", block } block = "" }
  /^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$/ || /^Suppressed [0-9]+ warnings/ ||
    /^Use -header-filter/ || /^Use -system-headers/ { next }
  index($0, root) == 1 { $0 = substr($0, length(root) + 1) }
  /^[^ ]+:[0-9]+:[0-9]+: (error|warning): / { flush() }
  { block = block $0 "\n" }
  END { flush(); print n + 0 > "/dev/stderr" }' 2> "$logs/count.txt"
if [ -s "$logs/failed.txt" ]; then
  echo "clang-tidy: $(cat "$logs/count.txt") findings; it failed on $(wc -l < "$logs/failed.txt")" \
    "folder units or files of ${#sources[@]} files (a finding in a source or a header it includes," \
    "or a compile error): $(while read -r f; do
      if [ -n "${units:-}" ] && grep -qF "$f " "$units/units.txt"; then
        grep -F "$f " "$units/units.txt" | cut -d' ' -f2- | tr ' ' '\n' | xargs -n 1 dirname |
          sed 's#$#/#'
      else
        echo "${f#"$root"/}"
      fi
    done < "$logs/failed.txt" | sort | tr '\n' ' ')"
  status=1
else
  echo "clang-tidy: clean"
fi

stage "cppcheck ($(cppcheck --version))"
mkdir -p "$build/cppcheck"
# --library=qt teaches cppcheck Qt's macros (Q_OBJECT, signals, slots, emit, foreach); Qt's,
# Eigen's and the standard library's own headers are not parsed (missingIncludeSystem is
# suppressed), which keeps the run to seconds. Only our include folders are given.
if cppcheck --std=c++20 --language=c++ --library=std,posix,qt \
  --enable=warning,performance,portability,style --inline-suppr \
  --suppressions-list=.cppcheck-suppressions --error-exitcode=1 --quiet -j "$jobs" \
  --cppcheck-build-dir="$build/cppcheck" \
  -I core/include -I core/src -I ui/include -I ui/src \
  --template='{file}:{line}:{column}: {severity}: {message} [{id}]' \
  "${sources[@]}"; then
  echo "cppcheck: clean"
else
  status=1
fi

stage "done ($([ "$status" -eq 0 ] && echo clean || echo 'findings above'))"
exit "$status"
