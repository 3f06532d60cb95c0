// SPDX-License-Identifier: GPL-3.0-or-later
// Renders the bash completion of `posenc` (`posenc help --bash-completion`): the words come
// from the help table (commands, options) and the registry (schemes, views, parameters), so
// the completion knows exactly what the program accepts. The script needs bash 4.3 only, not
// the bash-completion package (its helpers are not used).
#include <algorithm>
#include <string>

#include "posenc/base/scheme.hpp"
#include "posenc/cli/command_help.hpp"

namespace posenc {

namespace {

/// `text` as one single-quoted bash word.
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

/// Each typed command's options (every flag once) as `[command]='--a --b'` entries, and the
/// command names (the typed ones; `help` also takes "window").
std::string commandTables() {
  std::string options, typed, all;
  for (const CommandHelp& c : commandHelp()) {
    all += (all.empty() ? "" : " ") + c.name;
    if (!c.typed) continue;
    typed += (typed.empty() ? "" : " ") + c.name;
    std::vector<std::string> flags = {"--help"};
    for (const HelpItem& item : c.options)
      if (std::find(flags.begin(), flags.end(), item.term) == flags.end())
        flags.push_back(item.term);
    options += "  [" + c.name + "]=" + quoted(joined(flags)) + "\n";
  }
  return "_posenc_commands=" + quoted(typed) + "\n_posenc_topics=" + quoted(all) +
         "\ndeclare -gA _posenc_options=(\n" + options + ")\n";
}

/// `words` sorted, each once.
std::vector<std::string> unique(std::vector<std::string> words) {
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  return words;
}

/// Scheme ids, and per scheme its view ids and parameter names (under the key "*": those of
/// every scheme, each once, for a line that names no scheme).
std::string schemeTables() {
  std::vector<std::string> ids, allViews, allParams;
  std::string views, params;
  for (const auto& scheme : allSchemes()) {
    const SchemeInfo& info = scheme->info();
    ids.push_back(info.id);
    std::vector<std::string> v, p;
    for (const ViewSpec& view : info.views) v.push_back(view.id);
    for (const ParamSpec& param : info.params) p.push_back(param.id);
    views += "  [" + info.id + "]=" + quoted(joined(v)) + "\n";
    params += "  [" + info.id + "]=" + quoted(joined(p)) + "\n";
    allViews.insert(allViews.end(), v.begin(), v.end());
    allParams.insert(allParams.end(), p.begin(), p.end());
  }
  views += "  ['*']=" + quoted(joined(unique(allViews))) + "\n";
  params += "  ['*']=" + quoted(joined(unique(allParams))) + "\n";
  return "_posenc_schemes=" + quoted(joined(ids)) + "\ndeclare -gA _posenc_views=(\n" + views +
         ")\ndeclare -gA _posenc_params=(\n" + params + ")\n";
}

/// The completion function. Words of the line are read from COMP_WORDS; a value's kind
/// follows from the option before it.
const char* const kFunction = R"BASH(
# Files (and folders, to walk into) for an option that takes a path.
_posenc_files() {
  compopt -o filenames 2>/dev/null
  local IFS=$'\n'
  COMPREPLY=($(compgen -f -- "$1"))
}

# The value of option $1 given earlier on the line (the last one), or "".
_posenc_option_value() {
  local i value=
  for ((i = 2; i < COMP_CWORD - 1; i++)); do
    [[ ${COMP_WORDS[i]} == "$1" ]] && value=${COMP_WORDS[i + 1]}
  done
  printf '%s' "$value"
}

# Every view (or parameter) of the scheme on the line; of every scheme without one.
_posenc_per_scheme() {
  local -n table=$1
  local scheme
  scheme=$(_posenc_option_value --scheme)
  [[ -n $scheme && $scheme != '*' && -n ${table[$scheme]+set} ]] || scheme='*'
  printf '%s' "${table[$scheme]}"
}

# Completes the value of option $prev for command $cmd; returns 1 when $prev takes none.
_posenc_value() {
  local cmd=$1 prev=$2 cur=$3 words
  case $prev in
    --scheme) words=$_posenc_schemes ;;
    --view) words=$(_posenc_per_scheme _posenc_views) ;;
    --set)
      local name
      COMPREPLY=()
      for name in $(_posenc_per_scheme _posenc_params); do
        [[ $name == "$cur"* ]] && COMPREPLY+=("$name=")
      done
      compopt -o nospace 2>/dev/null
      return 0 ;;
    --preset) words=$_posenc_presets ;;
    --colormap) words=$_posenc_colormaps ;;
    --lang) words='en zh_CN' ;;
    --format)
      if [[ $cmd == gallery ]]; then words='png svg pdf'; else words='png svg pdf csv npy json'; fi ;;
    --out | -o | --against | --session | --table | --model)
      _posenc_files "$cur"
      return 0 ;;
    --size | --dpi | --title | --rows | --cols | --rtol | --atol | --memory-budget)
      COMPREPLY=()
      return 0 ;;
    *) return 1 ;;
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
  return 0
}

_posenc() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
  COMPREPLY=()
  if ((COMP_CWORD == 1)); then
    if [[ $cur == -* ]]; then
      COMPREPLY=($(compgen -W '--help --version' -- "$cur"))
    else
      COMPREPLY=($(compgen -W "$_posenc_commands" -- "$cur"))
      local IFS=$'\n'
      COMPREPLY+=($(compgen -f -X '!*.json' -- "$cur") $(compgen -d -- "$cur"))
    fi
    return 0
  fi
  local cmd=${COMP_WORDS[1]}
  [[ -n ${_posenc_options[$cmd]+set} ]] || return 0
  _posenc_value "$cmd" "$prev" "$cur" && return 0
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "${_posenc_options[$cmd]}" -- "$cur"))
  elif [[ $cmd == help ]] && ((COMP_CWORD == 2)); then
    COMPREPLY=($(compgen -W "$_posenc_topics" -- "$cur"))
  elif [[ $cmd == inspect ]]; then
    _posenc_files "$cur"
  elif [[ $cmd == gallery ]]; then
    compopt -o filenames 2>/dev/null
    local IFS=$'\n'
    COMPREPLY=($(compgen -d -- "$cur"))
  fi
  return 0
}
complete -F _posenc posenc
)BASH";

}  // namespace

std::string bashCompletion(const CompletionWords& words) {
  return "# bash completion for posenc (PosEnc Explorer)\n"
         "# Generated by `posenc help --bash-completion` from the program's help table and "
         "scheme registry: do not edit.\n" +
         commandTables() + schemeTables() + "_posenc_presets=" + quoted(joined(words.presets)) +
         "\n_posenc_colormaps=" + quoted(joined(words.colormaps)) + "\n" + kFunction;
}

}  // namespace posenc
