// SPDX-License-Identifier: GPL-3.0-or-later
// posenc_extract_strings: prints resources/translations/core_strings.cpp, the list of every
// string the core and the built-in presets show to a person, as QT_TRANSLATE_NOOP lines for
// lupdate. Run by scripts/update_translations.sh; the output is committed, never compiled.
//
// Registry strings (scheme names and descriptions, parameter descriptions, view titles, axis
// and value labels, view descriptions) are listed as they are, in the context "posenc::core".
// Term names (Scheme::explainCell) and curve names (Scheme::series) are gathered by computing:
// at the defaults, with each other choice of every choice parameter, with each bool flipped,
// and with the few extra settings below that reach the remaining names (past a learned table's
// max_len, Transformer-XL with memory and clamping, RoPE with a scaling factor, and zero tables
// written to a temporary folder for the trained-table parameters), at the corner,
// centre and diagonal cells of every matrix view (and there, too, the reasons a view's term is
// absent: Scheme::absentTerm). A name holding a number (e.g. "pair 3
// (theta_k = 0.25)") is listed as its number pattern ("pair %1 (theta_k = %2)"): the window
// translates such names by pattern (translation.h, coreText), so the numbers of any
// parameters come through. View ids are listed in "posenc::view-tab" (short tab labels),
// choice ids in "posenc::choice" (the short name the parameter panel shows after the id),
// preset names and descriptions in "posenc::presets", parameter ids in "posenc::ui::ParamName"
// (the short name the panel shows after an id), and every MessageTemplate of the core and the
// ui in "posenc::Message" (errors and what a parameter allows, as data: translation.h,
// messageText), with its note for the translator.
#include <algorithm>
#include <cctype>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <QCoreApplication>
#include <QTemporaryDir>

#include "posenc/base/message.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/io/session_io.h"

namespace {

using posenc::Index;
using Sets = std::vector<std::pair<std::string, std::string>>;

/// Settings beyond defaults, choices and bool flips that reach more term and curve names.
const std::vector<std::pair<std::string, Sets>> kExtraSettings = {
    {"learned", {{"length", "1024"}, {"overflow", "clamp"}}},
    {"learned", {{"length", "1024"}, {"overflow", "repeat"}}},
    {"learned", {{"length", "1024"}, {"overflow", "clamp"}, {"offset", "2"}}},
    {"learned", {{"length", "1024"}, {"overflow", "repeat"}, {"offset", "2"}}},
    {"learned", {{"length", "10"}, {"grid", "3"}}},
    {"xl", {{"mlen", "8"}, {"clamp_len", "4"}}},
    {"xl", {{"mlen", "8"}, {"relative", "learned"}, {"max_len", "6"}}},
    {"rope", {{"scaling", "linear"}, {"factor", "4"}}},
    {"rope", {{"scaling", "ntk"}, {"factor", "4"}}},
    {"rope", {{"scaling", "dynamic"}, {"factor", "4"}, {"train_length", "64"}}},
    {"rope", {{"length", "4096"}}},
    {"rope",
     {{"scaling", "longrope"},
      {"dim", "8"},
      {"short_factor", "1,1.5,2,3"},
      {"long_factor", "1,1.5,2,3"},
      {"factor", "4"}}},
    {"rope",
     {{"scaling", "longrope"},
      {"dim", "8"},
      {"short_factor", "1,1.5,2,3"},
      {"long_factor", "1,1.5,2,3"},
      {"factor", "4"},
      {"length", "4096"}}},
    {"rope", {{"scaling", "yarn"}, {"factor", "4"}, {"partial_rotary_factor", "0.5"}}},
    {"rope", {{"scaling", "llama3"}, {"factor", "8"}}},
    // Attention windows (issue 29): the readout's reasons for a masked cell, both kinds.
    {"rope", {{"window", "8"}}},
    {"rope", {{"window", "8"}, {"window_kind", "chunked"}}},
    {"nope", {{"window", "8"}}},
    {"nope", {{"window", "8"}, {"window_kind", "chunked"}}},
    {"nope", {{"window", "8"}, {"temperature_tuning", "true"}, {"floor_scale", "4"}}},
};

/// Writes a float64 .npy of zeros, rows x cols (NumPy format 1.0), so the trained-table
/// parameters can be set and the readout names that say a tensor is the file's are reached.
std::string writeZeros(const QString& dir, const char* name, int rows, int cols) {
  const std::string path = (dir + "/" + QString::fromLatin1(name)).toStdString();
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" +
                       std::to_string(rows) + ", " + std::to_string(cols) + "), }";
  const std::size_t total = (10 + header.size() + 1 + 63) / 64 * 64;  // aligned to 64 bytes
  header.append(total - 10 - header.size() - 1, ' ');
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  out.write("\x93NUMPY\x01\x00", 8);
  const char len[2] = {static_cast<char>(header.size() & 0xff),
                       static_cast<char>(header.size() >> 8)};
  out.write(len, 2);
  out << header;
  const std::vector<double> zeros(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols));
  out.write(reinterpret_cast<const char*>(zeros.data()),
            static_cast<std::streamsize>(zeros.size() * sizeof(double)));
  return path;
}

/// Settings with a trained table from a file (t5's table, xl's u and v, deberta's P), at the
/// default shapes, written into `dir`.
std::vector<std::pair<std::string, Sets>> tableSettings(const QString& dir) {
  const std::string u = writeZeros(dir, "u.npy", 4, 16);
  const std::string v = writeZeros(dir, "v.npy", 4, 16);
  return {{"t5", {{"table", writeZeros(dir, "t5.npy", 32, 8)}}},
          {"xl", {{"u_table", u}, {"v_table", v}}},
          {"deberta", {{"rel_table", writeZeros(dir, "rel.npy", 512, 64)}}}};
}

/// Same rule as numberPattern in ui/src/translation.cpp: digits, optionally ".digits", optionally
/// an exponent, each replaced by %1, %2, ...
std::string numberPattern(const std::string& text) {
  std::string out;
  int k = 0;
  std::size_t i = 0;
  const auto digit = [&](std::size_t at) {
    return at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]));
  };
  while (i < text.size()) {
    if (!digit(i)) {
      out += text[i++];
      continue;
    }
    while (digit(i)) ++i;
    if (i + 1 < text.size() && text[i] == '.' && digit(i + 1)) {
      ++i;
      while (digit(i)) ++i;
    }
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
      std::size_t j = i + 1;
      if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
      if (digit(j)) {
        i = j;
        while (digit(i)) ++i;
      }
    }
    out += "%" + std::to_string(++k);
  }
  return out;
}

bool hasDigit(const std::string& s) {
  return std::any_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

std::string literal(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

/// Lines in first-seen order, each source once per context.
class Listing {
 public:
  void section(const std::string& title) { m_lines.push_back("\n// " + title); }
  void add(const std::string& context, const std::string& text, const std::string& note = {}) {
    if (text.empty() || !m_seen.insert(context + '\x1f' + text).second) return;
    if (!note.empty()) m_lines.push_back("//: " + note);
    m_lines.push_back("QT_TRANSLATE_NOOP(" + literal(context) + ", " + literal(text) + ")");
  }
  /// A computed name: as its number pattern when it holds a number.
  void addName(const std::string& text) {
    add("posenc::core", hasDigit(text) ? numberPattern(text) : text);
  }
  void print(std::ostream& out) const {
    for (const std::string& line : m_lines) out << line << "\n";
  }

 private:
  std::vector<std::string> m_lines;
  std::set<std::string> m_seen;
};

std::vector<Sets> variants(const posenc::Scheme& scheme,
                           const std::vector<std::pair<std::string, Sets>>& tables) {
  const posenc::SchemeInfo& info = scheme.info();
  std::vector<Sets> out = {{}};
  for (const posenc::ParamSpec& p : info.params) {
    if (p.type == posenc::ParamType::Choice)
      for (const std::string& c : p.choices) out.push_back({{p.id, c}});
    if (p.type == posenc::ParamType::Bool)
      out.push_back({{p.id, std::get<bool>(p.defaultValue) ? "false" : "true"}});
  }
  for (const auto& [id, sets] : kExtraSettings)
    if (id == info.id) out.push_back(sets);
  for (const auto& [id, sets] : tables)
    if (id == info.id) out.push_back(sets);
  return out;
}

std::vector<std::pair<Index, Index>> probeCells(posenc::MatrixShape shape) {
  const Index r = shape.rows - 1, c = shape.cols - 1;
  std::vector<std::pair<Index, Index>> cells = {{0, 0}, {0, c}, {r, 0}, {r, c}, {r / 2, c / 2}};
  for (Index d = 1; d <= 3; ++d) cells.push_back({std::min(r, d), std::min(c, d - 1)});
  for (Index d = 1; d <= 3; ++d) cells.push_back({std::min(r, r / 2), std::min(c, c / 2 + d)});
  return cells;
}

}  // namespace

int main(int argc, char** argv) {
  qputenv("QT_QPA_PLATFORM", "offscreen");
  QCoreApplication app(argc, argv);  // presets() reads the embedded resources
  Listing list;
  const QTemporaryDir tableDir;
  const std::vector<std::pair<std::string, Sets>> tables = tableSettings(tableDir.path());
  {
    // The layers view of a model (model_config.hpp layersView): not a scheme's, the same
    // strings for every model; a small config with two kinds of layer reaches them.
    list.section("a model's layers view: title, axis labels, description");
    const posenc::ModelMapping m = posenc::mapConfig(
        R"({"model_type": "gemma2", "num_hidden_layers": 2, "hidden_size": 64,
            "num_attention_heads": 2, "head_dim": 32, "sliding_window": 16})",
        "config.json");
    const posenc::LayersView v = posenc::layersView(m, "model");
    list.add("posenc::core", v.spec.title);
    list.add("posenc::core", v.spec.xLabel);
    list.add("posenc::core", v.spec.yLabel);
    list.add("posenc::core", v.spec.description);
    list.add("posenc::view-tab", v.spec.id);
  }
  for (const auto& s : posenc::allSchemes()) {
    const posenc::SchemeInfo& info = s->info();
    list.section("scheme " + info.id + ": name, description, parameters, views");
    list.add("posenc::core", info.name);
    list.add("posenc::core", info.description);
    for (const posenc::ParamSpec& p : info.params) list.add("posenc::core", p.description);
    for (const posenc::ViewSpec& v : info.views) {
      list.add("posenc::core", v.title);
      list.add("posenc::core", v.xLabel);
      list.add("posenc::core", v.yLabel);
      list.add("posenc::core", v.valueLabel);
      list.add("posenc::core", v.description);
    }
    list.section("scheme " + info.id + ": view tabs");
    for (const posenc::ViewSpec& v : info.views) list.add("posenc::view-tab", v.id);
    list.section("scheme " + info.id + ": choice names (shown after the choice id)");
    for (const posenc::ParamSpec& p : info.params)
      for (const std::string& c : p.choices) list.add("posenc::choice", c);
    list.section("scheme " + info.id + ": terms (explainCell) and curves (series)");
    for (const Sets& sets : variants(*s, tables)) {
      posenc::ParamSet params;
      try {
        params = posenc::makeParams(*s, sets);
      } catch (const posenc::ParamError& e) {
        // A choice that needs more parameters (rope's longrope: its lists) is refused at the
        // defaults; kExtraSettings reaches its names. Any other refusal is a mistake here.
        if (sets.size() == 1 && e.param() != sets.front().first) continue;
        std::cerr << "posenc_extract_strings: " << info.id << ": " << e.what() << "\n";
        return 1;
      }
      for (const posenc::ViewSpec& v : info.views) {
        try {
          list.add("posenc::core", s->absentTerm(params, v.id));
          const posenc::ViewLabels labels = s->labels(params, v.id);
          list.add("posenc::core", labels.title);
          list.add("posenc::core", labels.valueLabel);
          if (v.kind == posenc::ViewKind::Series) {
            for (const posenc::Curve& c : s->series(params, v.id).curves) list.addName(c.name);
            continue;
          }
          const posenc::MatrixShape shape = s->shape(params, v.id);
          if (shape.rows <= 0 || shape.cols <= 0) continue;
          for (const auto& [r, c] : probeCells(shape))
            for (const posenc::Term& t : s->explainCell(params, v.id, r, c)) list.addName(t.name);
        } catch (const posenc::ParamError&) {
          // This view refuses these parameters (e.g. past a learned table with overflow=error).
        }
      }
    }
  }
  list.section("parameter ids, each with a short name shown after it (posenc::ui::ParamName)");
  std::set<std::string> paramIds;
  for (const auto& s : posenc::allSchemes())
    for (const posenc::ParamSpec& p : s->info().params) paramIds.insert(p.id);
  for (const std::string& id : paramIds) list.add("posenc::ui::ParamName", id);
  list.section("the core's messages (posenc::MessageTemplate: errors and what is allowed)");
  std::vector<const posenc::MessageTemplate*> templates = posenc::allMessageTemplates();
  std::sort(templates.begin(), templates.end(),
            [](const posenc::MessageTemplate* a, const posenc::MessageTemplate* b) {
              return std::string_view(a->english()) < std::string_view(b->english());
            });
  for (const posenc::MessageTemplate* t : templates)
    list.add(posenc::ui::kMessageContext, t->english(), t->comment());
  list.section("built-in presets: names and descriptions");
  for (const posenc::ui::PresetInfo& p : posenc::ui::presets()) {
    list.add("posenc::presets", p.name.toStdString());
    list.add("posenc::presets", p.description.toStdString());
  }
  std::cout
      << "// SPDX-License-Identifier: GPL-3.0-or-later\n"
         "// Generated by scripts/update_translations.sh "
         "(resources/translations/extract_strings.cpp):\n"
         "// every string of the core and of the built-in presets that a person sees, for "
         "lupdate.\n"
         "// Never compiled. Names holding numbers are listed as number patterns (%1, %2, ...).\n";
  list.print(std::cout);
  return 0;
}
