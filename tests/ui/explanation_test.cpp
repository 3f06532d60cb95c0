// SPDX-License-Identifier: GPL-3.0-or-later
// Explanations: every view of every registered scheme is explained in English and Chinese,
// its formulas parse, its placeholders fit the core's explainCell terms, and the panel shows
// numbers and switches language.
#include "posenc_ui/panels/explanation_panel.h"

#include <gtest/gtest.h>

#include <QApplication>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "posenc/base/scheme.hpp"
#include "posenc_ui/formula/formula_parser.h"
#include "posenc_ui/formula/formula_widget.h"
#include "support/ui_values.hpp"

namespace posenc::ui {
namespace {

using test::qs;

/// Every (language, text) of a bilingual text, for loops over both languages.
std::vector<std::pair<QString, QString>> both(const ExplanationText& t) {
  return {{QStringLiteral("en"), t.en}, {QStringLiteral("zh_CN"), t.zhCN}};
}

void expectParses(const QString& formula, const std::string& where) {
  const FormulaParse p = parseFormula(formula);
  EXPECT_TRUE(p.ok()) << where << ": " << p.error.toStdString() << " at " << p.errorPos << " in "
                      << formula.toStdString();
}

/// A cell of `view` that is not masked: row min(3, rows-1), the largest column <= 1 whose value
/// is not NaN (keys at or before the query are attended by every causal view).
std::pair<Index, Index> unmaskedCell(const Scheme& scheme, const ParamSet& params,
                                     const std::string& view) {
  const MatrixShape s = scheme.shape(params, view);
  const Index r = std::min<Index>(3, s.rows - 1);
  for (Index c = std::min<Index>(1, s.cols - 1); c >= 0; --c) {
    const MatrixResult m =
        computeMatrix(scheme, params, view, Region{.r0 = r, .r1 = r + 1, .c0 = c, .c1 = c + 1});
    if (!std::isnan(m.values(0, 0))) return {r, c};
  }
  return {r, 0};
}

/// The parameter values a variant asks for, applied to the scheme's defaults. A choice that
/// needs lists (rope's longrope: its factor lists) gets its empty lists filled with ones, of
/// the first length the scheme accepts.
ParamSet paramsFor(const Scheme& scheme, const FormulaVariant& v) {
  std::vector<std::pair<std::string, std::string>> sets;
  for (const auto& [key, values] : v.when)
    sets.emplace_back(key.toStdString(), values.front().toStdString());
  try {
    return makeParams(scheme, sets);
  } catch (const posenc::ParamError& e) {
    const ParamSpec& missing = findParam(scheme, e.param());
    if (missing.type != posenc::ParamType::List) throw;
    for (std::int64_t n = 1; n <= missing.maxCount; ++n) {
      std::string ones = "1";
      for (std::int64_t k = 1; k < n; ++k) ones += ",1";
      auto withLists = sets;
      for (const ParamSpec& p : scheme.info().params)
        if (p.type == posenc::ParamType::List && !v.when.contains(qs(p.id)))
          withLists.emplace_back(p.id, ones);
      try {
        return makeParams(scheme, withLists);
      } catch (const posenc::ParamError&) {
        continue;
      }
    }
    throw;
  }
}

TEST(Explanations, EveryViewOfEverySchemeIsExplainedInBothLanguages) {
  ASSERT_FALSE(allSchemes().empty());
  for (const auto& scheme : allSchemes()) {
    const SchemeInfo& info = scheme->info();
    SchemeExplanation e;
    ASSERT_NO_THROW(e = loadSchemeExplanation(qs(info.id))) << info.id;
    EXPECT_EQ(e.schemeId, qs(info.id));
    for (const auto& t : {e.page.name, e.page.summary, e.page.usedIn})
      for (const auto& [lang, text] : both(t))
        EXPECT_FALSE(text.isEmpty()) << info.id << " page " << lang.toStdString();
    EXPECT_GE(e.page.strengths.size(), 2U) << info.id;
    EXPECT_GE(e.page.limits.size(), 2U) << info.id;
    for (const ViewSpec& spec : info.views) {
      const std::string where = info.id + "/" + spec.id;
      const ViewExplanation* v = e.view(qs(spec.id));
      ASSERT_NE(v, nullptr) << where << " has no explanation";
      for (const ExplanationText* t : {&v->title, &v->what, &v->formula})
        for (const auto& [lang, text] : both(*t))
          EXPECT_FALSE(text.trimmed().isEmpty()) << where << " " << lang.toStdString();
      EXPECT_GE(v->notice.size(), 2U) << where;
      EXPECT_LE(v->notice.size(), 3U) << where;
      for (const ExplanationText& n : v->notice)
        for (const auto& [lang, text] : both(n)) EXPECT_FALSE(text.trimmed().isEmpty()) << where;
      if (spec.kind == ViewKind::Matrix) {
        for (const auto& [lang, text] : both(v->substituted))
          EXPECT_FALSE(text.isEmpty()) << where << ": a matrix view needs a substituted formula";
      }
    }
    // And nothing explains a view the scheme does not have (a typo would hide an entry).
    for (const auto& entry : e.views) {
      const QString& id = entry.first;  // clang 14 (the asan build) cannot capture a binding
      const bool known = std::any_of(info.views.begin(), info.views.end(),
                                     [&](const ViewSpec& s) { return qs(s.id) == id; });
      EXPECT_TRUE(known) << info.id << ": explanation for unknown view " << id.toStdString();
    }
  }
}

TEST(Explanations, RandomStandInViewsSayWhatATrainedModelShows) {
  for (const auto& scheme : allSchemes()) {
    const SchemeInfo& info = scheme->info();
    const SchemeExplanation e = loadSchemeExplanation(qs(info.id));
    for (const ViewSpec& spec : info.views) {
      const ViewExplanation* v = e.view(qs(spec.id));
      ASSERT_NE(v, nullptr) << info.id << "/" << spec.id;
      const bool en = v->what.en.contains(QStringLiteral("random stand-ins")) &&
                      v->what.en.contains(QStringLiteral("trained"));
      const bool zh = v->what.zhCN.contains(QString::fromUtf8("随机替代权重")) &&
                      v->what.zhCN.contains(QString::fromUtf8("训练"));
      EXPECT_EQ(en, spec.randomStandIns) << info.id << "/" << spec.id;
      EXPECT_EQ(zh, spec.randomStandIns) << info.id << "/" << spec.id;
    }
  }
}

TEST(Explanations, ViewsThatCanDrawATrainedTableHaveTextsForIt) {
  // Issue 26 item 3: with GPT-2's table open the texts still said "random initialisation",
  // "no pattern", "std 0.02". Every view whose stand-ins a parameter can replace by trained
  // data (ViewSpec::standInsUnless) says what that data shows, in both languages, without a
  // word of initialisation.
  for (const auto& scheme : allSchemes()) {
    const SchemeInfo& info = scheme->info();
    const SchemeExplanation e = loadSchemeExplanation(qs(info.id));
    for (const ViewSpec& spec : info.views) {
      const ViewExplanation* v = e.view(qs(spec.id));
      ASSERT_NE(v, nullptr);
      const std::string where = info.id + "/" + spec.id;
      EXPECT_EQ(!v->trainedWhat.isEmpty(), !spec.standInsUnless.empty()) << where;
      std::vector<ExplanationText> texts = v->trainedNotice;
      texts.push_back(v->trainedWhat);
      for (const ExplanationText& t : texts) {
        if (spec.standInsUnless.empty()) continue;
        EXPECT_FALSE(t.en.isEmpty() || t.zhCN.isEmpty()) << where;
        for (const char* stale :
             {"initialisation", "std 0.02", "std = 0.02", "No pattern", "random stand-ins"})
          EXPECT_FALSE(t.en.contains(QLatin1String(stale))) << where << ": " << stale;
        for (const char* stale : {"初始化", "随机替代权重", "没有任何结构"})
          EXPECT_FALSE(t.zhCN.contains(QString::fromUtf8(stale))) << where << ": " << stale;
      }
    }
  }
}

TEST(Explanations, EveryFormulaParses) {
  for (const auto& scheme : allSchemes()) {
    const SchemeExplanation e = loadSchemeExplanation(qs(scheme->info().id));
    for (const auto& [id, v] : e.views) {
      const std::string where = scheme->info().id + "/" + id.toStdString();
      std::vector<const ExplanationText*> formulas = {&v.formula, &v.substituted};
      for (const FormulaVariant& var : v.variants) {
        formulas.push_back(&var.formula);
        formulas.push_back(&var.substituted);
      }
      for (const ExplanationText* f : formulas)
        for (const auto& [lang, text] : both(*f)) {
          if (text.isEmpty()) continue;
          expectParses(text, where + " " + lang.toStdString());
          // Filled in with awkward numbers, still a formula.
          const std::vector<Term> terms(12, Term{"t", -1.2345678e-9});
          expectParses(substitute(text, 1048575, 0, std::numeric_limits<double>::quiet_NaN(),
                                  terms),
                       where + " substituted");
        }
    }
  }
}

TEST(Explanations, VariantConditionsNameRealParametersAndValues) {
  for (const auto& scheme : allSchemes()) {
    const SchemeExplanation e = loadSchemeExplanation(qs(scheme->info().id));
    for (const auto& [id, v] : e.views)
      for (const FormulaVariant& var : v.variants)
        for (const auto& [key, values] : var.when) {
          const std::string where =
              scheme->info().id + "/" + id.toStdString() + " when " + key.toStdString();
          const ParamSpec* spec = nullptr;
          EXPECT_NO_THROW(spec = &findParam(*scheme, key.toStdString())) << where;
          if (!spec) continue;
          for (const QString& value : values)
            EXPECT_NO_THROW((void)parseValue(*spec, value.toStdString()))
                << where << " = " << value.toStdString();
          // The variant is chosen for exactly these parameters.
          EXPECT_TRUE(var.matches(paramsFor(*scheme, var))) << where;
        }
  }
}

/// Checks the {term:N} placeholders of `tmpl` against explainCell at a valid cell.
void checkTerms(const Scheme& scheme, const ParamSet& params, const std::string& view,
                const QString& tmpl, const std::string& where) {
  const auto [r, c] = unmaskedCell(scheme, params, view);
  const std::vector<Term> terms = scheme.explainCell(params, view, r, c);
  const auto size = static_cast<int>(terms.size());
  for (int n : termPlaceholders(tmpl)) {
    EXPECT_LT(n, size) << where << ": {term:" << n << "} but explainCell gives " << size;
    EXPECT_GE(n, -size) << where << ": {term:" << n << "} but explainCell gives " << size;
  }
  const MatrixResult cell =
      computeMatrix(scheme, params, view, Region{.r0 = r, .r1 = r + 1, .c0 = c, .c1 = c + 1});
  const QString filled = substitute(tmpl, r, c, cell.values(0, 0), terms);
  EXPECT_TRUE(termPlaceholders(filled).empty()) << where;
  EXPECT_FALSE(
      filled.contains(QRegularExpression(QStringLiteral("\\{(row|col|value|term:-?\\d+)\\}"))))
      << where << ": " << filled.toStdString();
  EXPECT_FALSE(filled.contains(QStringLiteral("\\hl{?}"))) << where << ": " << filled.toStdString();
  EXPECT_TRUE(parseFormula(filled).ok()) << where << ": " << filled.toStdString();
}

TEST(Explanations, TermPlaceholdersFitExplainCell) {
  int checked = 0;
  for (const auto& scheme : allSchemes()) {
    const SchemeExplanation e = loadSchemeExplanation(qs(scheme->info().id));
    for (const ViewSpec& spec : scheme->info().views) {
      if (spec.kind != ViewKind::Matrix) continue;
      const ViewExplanation* v = e.view(qs(spec.id));
      ASSERT_NE(v, nullptr);
      const std::string where = scheme->info().id + "/" + spec.id;
      const ParamSet defaults = makeParams(*scheme, {});
      for (const auto& [lang, text] : both(v->substituted)) {
        checkTerms(*scheme, defaults, spec.id, text, where + " " + lang.toStdString());
        ++checked;
      }
      for (const FormulaVariant& var : v->variants) {
        const ParamSet params = paramsFor(*scheme, var);
        for (const auto& [lang, text] : both(v->substitutedFor(params)))
          checkTerms(*scheme, params, spec.id, text, where + " variant " + lang.toStdString());
      }
    }
  }
  EXPECT_GT(checked, 40);
}

TEST(Explanations, GlossaryTermsOfTheSeedArticles) {
  // The Chinese names follow the seed articles and the rest of the app.
  EXPECT_TRUE(loadSchemeExplanation(QStringLiteral("rope"))
                  .page.name.zhCN.contains(QStringLiteral("旋转位置编码")));
  EXPECT_TRUE(loadSchemeExplanation(QStringLiteral("alibi"))
                  .page.name.zhCN.contains(QStringLiteral("线性偏置")));
  EXPECT_TRUE(loadSchemeExplanation(QStringLiteral("xl"))
                  .page.name.zhCN.contains(QStringLiteral("相对位置编码")));
  EXPECT_TRUE(loadSchemeExplanation(QStringLiteral("learned"))
                  .page.name.zhCN.contains(QStringLiteral("绝对位置编码")));
  const SchemeExplanation xl = loadSchemeExplanation(QStringLiteral("xl"));
  EXPECT_TRUE(xl.view(QStringLiteral("scores"))->title.zhCN.contains(QStringLiteral("注意力")));
}

TEST(Comparison, CoversEverySchemeWithCorrectionsMarked) {
  ComparisonTable t;
  ASSERT_NO_THROW(t = loadComparisonTable());
  ASSERT_EQ(t.columns.size(), 4U);
  for (const auto& scheme : allSchemes()) {
    const QString id = qs(scheme->info().id);
    const auto row = std::find_if(t.rows.begin(), t.rows.end(),
                                  [&](const ComparisonTable::Row& r) { return r.scheme == id; });
    ASSERT_NE(row, t.rows.end()) << "no comparison row for " << scheme->info().id;
    for (const ComparisonTable::Column& c : t.columns)
      for (const auto& [lang, text] : both(row->cells.at(c.id))) EXPECT_FALSE(text.isEmpty());
  }
  // The seed article's five rows, plus the two it lacks.
  EXPECT_EQ(std::count_if(t.rows.begin(), t.rows.end(), [](const auto& r) { return r.inSeed; }), 5);
  ASSERT_GE(t.corrections.size(), 5U);
  for (const ComparisonTable::Correction& k : t.corrections) {
    EXPECT_TRUE(std::any_of(t.rows.begin(), t.rows.end(), [&](const auto& r) {
      return r.scheme == k.scheme;
    })) << k.scheme.toStdString();
    EXPECT_TRUE(k.column.isEmpty() || std::any_of(t.columns.begin(), t.columns.end(),
                                                  [&](const auto& c) { return c.id == k.column; }))
        << k.column.toStdString();
    for (const ExplanationText* x : {&k.seed, &k.ours, &k.why})
      for (const auto& [lang, text] : both(*x)) EXPECT_FALSE(text.isEmpty());
    EXPECT_FALSE(k.basis.isEmpty());
  }
  // CONVENTIONS.md differences the article's table gets wrong are marked on their cells.
  EXPECT_FALSE(t.correctionsOf(QStringLiteral("alibi"), QStringLiteral("relative")).empty());
  EXPECT_FALSE(t.correctionsOf(QStringLiteral("t5"), QStringLiteral("relative")).empty());
  EXPECT_FALSE(t.correctionsOf(QStringLiteral("learned"), QStringLiteral("extrapolation")).empty());
  EXPECT_TRUE(t.correctionsOf(QStringLiteral("sinusoidal"), QStringLiteral("cost")).empty());
}

TEST(ExplanationFiles, ErrorsNameTheFileAndPlace) {
  auto message = [](const char* json) {
    try {
      (void)parseSchemeExplanation(QByteArray(json), QStringLiteral("x.json"));
    } catch (const ReadError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  // The file, then the place in it: offset, line and column (the one JSON reader's words).
  EXPECT_NE(message("{").find(
                "x.json: not a PosEnc explanation: JSON error at offset 1 (line 1, column 2)"),
            std::string::npos)
      << message("{");
  EXPECT_NE(message(R"({"format":"other","version":1})").find("format"), std::string::npos);
  const char* noWhat = R"({"format":"posenc-explanations","version":1,"scheme":"s",
      "page":{"name":"n","summary":"s","used_in":"u","strengths":[],"limits":[]},
      "views":{"v":{"title":"t","formula":"x","notice":[]}}})";
  EXPECT_NE(message(noWhat).find("views.v.what: missing"), std::string::npos) << message(noWhat);
  const char* badLang = R"({"format":"posenc-explanations","version":1,"scheme":"s",
      "page":{"name":{"en":"n","fr":"n"},"summary":"s","used_in":"u","strengths":[],"limits":[]},
      "views":{}})";
  EXPECT_NE(message(badLang).find("unknown language 'fr'"), std::string::npos) << message(badLang);
  EXPECT_THROW((void)loadSchemeExplanation(QStringLiteral("no-such-scheme")), ReadError);
}

TEST(Substitute, FormatsNumbersAndFillsEveryPlaceholder) {
  const std::vector<Term> terms = {{"a", 0.5}, {"b", -3}, {"c", 1.23456789e-7}, {"d", 123456.789}};
  EXPECT_EQ(substitute(QStringLiteral("{row},{col}"), 3, 7, 0, terms),
            QStringLiteral("\\hl{3},\\hl{7}"));
  EXPECT_EQ(substitute(QStringLiteral("x = {value}"), 0, 0, 0.1234567891, terms),
            QStringLiteral("x = \\hl{0.123457}"));
  EXPECT_EQ(substitute(QStringLiteral("{term:2}"), 0, 0, 0, terms),
            QStringLiteral("\\hl{1.23457\\times10^{-7}}"));
  EXPECT_EQ(substitute(QStringLiteral("{term:3}"), 0, 0, 0, terms), QStringLiteral("\\hl{123457}"));
  // Negative numbers after an operator get parentheses; at the start or after '=' they do not.
  EXPECT_EQ(substitute(QStringLiteral("{term:0} + {term:1} = {term:1}"), 0, 0, 0, terms),
            QStringLiteral("\\hl{0.5} + (\\hl{-3}) = \\hl{-3}"));
  EXPECT_EQ(substitute(QStringLiteral("a \\cdot {term:1}"), 0, 0, 0, terms),
            QStringLiteral("a \\cdot (\\hl{-3})"));
  // Negative indices count from the end; out of range is a visible '?', never a placeholder.
  EXPECT_EQ(substitute(QStringLiteral("{term:-1}"), 0, 0, 0, terms),
            QStringLiteral("\\hl{123457}"));
  EXPECT_EQ(substitute(QStringLiteral("{term:9}"), 0, 0, 0, terms), QStringLiteral("\\hl{?}"));
  EXPECT_EQ(substitute(QStringLiteral("{value}"), 0, 0, std::nan(""), terms,
                       QStringLiteral("已屏蔽")),
            QStringLiteral("\\hl{\\text{已屏蔽}}"));
  EXPECT_EQ(substitute(QStringLiteral("{value}"), 0, 0, -0.0, terms), QStringLiteral("\\hl{0}"));
  EXPECT_EQ(substitute(QStringLiteral("{row}"), 1048575, 0, 0, terms),
            QStringLiteral("\\hl{1048575}"));
  EXPECT_EQ(termPlaceholders(QStringLiteral("{term:1} {row} {term:-2}")),
            (std::vector<int>{1, -2}));
  // Braces that are not placeholders stay.
  EXPECT_EQ(substitute(QStringLiteral("x_{i} {rows}"), 0, 0, 0, terms),
            QStringLiteral("x_{i} {rows}"));
}

TEST(ExplanationPanel, ShowsTheHoveredCellsNumbers) {
  const Scheme& rope = findScheme("rope");
  const ParamSet params = makeParams(rope, {});
  ExplanationPanel panel;
  panel.resize(500, 800);
  panel.setView(QStringLiteral("rope"), QStringLiteral("scores"));
  EXPECT_TRUE(panel.errorText().isEmpty()) << panel.errorText().toStdString();
  EXPECT_FALSE(panel.whatText().isEmpty());
  EXPECT_TRUE(parseFormula(panel.formulaSource()).ok());
  EXPECT_TRUE(panel.substitutedSource().isEmpty());  // nothing hovered yet
  const std::vector<Term> terms = rope.explainCell(params, "scores", 5, 2);
  const MatrixResult cell =
      computeMatrix(rope, params, "scores", Region{.r0 = 5, .r1 = 6, .c0 = 2, .c1 = 3});
  panel.setHoveredCell(5, 2, cell.values(0, 0), terms);
  const QString shown = panel.substitutedSource();
  EXPECT_TRUE(shown.contains(QStringLiteral("\\hl{5}"))) << shown.toStdString();
  EXPECT_TRUE(shown.contains(QStringLiteral("\\hl{3}"))) << shown.toStdString();  // m - n
  EXPECT_TRUE(shown.contains(formulaNumber(cell.values(0, 0)))) << shown.toStdString();
  EXPECT_TRUE(parseFormula(shown).ok());
  panel.clearHover();
  EXPECT_TRUE(panel.substitutedSource().isEmpty());
}

TEST(ExplanationPanel, MaskedCellShowsANoteNotAFormula) {
  const Scheme& alibi = findScheme("alibi");
  const ParamSet params = makeParams(alibi, {});
  ExplanationPanel panel;
  panel.setView(QStringLiteral("alibi"), QStringLiteral("bias"));
  panel.setHoveredCell(1, 4, std::nan(""), alibi.explainCell(params, "bias", 1, 4));
  EXPECT_TRUE(panel.substitutedSource().isEmpty());
  panel.setHoveredCell(4, 1, -0.75, alibi.explainCell(params, "bias", 4, 1));
  EXPECT_TRUE(panel.substitutedSource().contains(QStringLiteral("\\hl{-0.75}")));
}

TEST(ExplanationPanel, SwitchingLanguageChangesTheText) {
  ExplanationPanel panel;
  panel.setView(QStringLiteral("xl"), QStringLiteral("scores"));
  const QString en = panel.whatText();
  const QStringList enNotice = panel.noticeTexts();
  panel.setLanguage(QStringLiteral("zh_CN"));
  EXPECT_EQ(panel.language(), QStringLiteral("zh_CN"));
  const QString zh = panel.whatText();
  EXPECT_NE(en, zh);
  EXPECT_TRUE(zh.contains(QStringLiteral("查询"))) << zh.toStdString();
  EXPECT_NE(enNotice, panel.noticeTexts());
  ASSERT_EQ(panel.noticeTexts().size(), enNotice.size());
  panel.setLanguage(QStringLiteral("fr"));  // unknown: English
  EXPECT_EQ(panel.whatText(), en);
}

TEST(ExplanationPanel, NoTextDrawsAScriptInsideAScript) {
  // Qt's rich text draws one level of scripts: RoPE's decay view wrote e^(i r θ_k) with the k
  // under the whole exponent (issue 26 item 9, in the lesson and in this panel).
  ExplanationPanel panel;
  int shown = 0;
  for (const auto& scheme : allSchemes())
    for (const ViewSpec& view : scheme->info().views)
      for (const char* language : {"en", "zh_CN"}) {
        panel.setLanguage(QString::fromLatin1(language));
        panel.setView(qs(scheme->info().id), qs(view.id));
        EXPECT_FALSE(test::nestsScripts(panel.shownHtml()))
            << scheme->info().id << "/" << view.id << " (" << language
            << "): " << panel.shownHtml().toStdString();
        ++shown;
      }
  EXPECT_GT(shown, 100);
}

TEST(ExplanationPanel, ParamsChooseTheFormulaVariant) {
  ExplanationPanel panel;
  panel.setView(QStringLiteral("tupe"), QStringLiteral("total"));
  const QString paper = panel.formulaSource();
  EXPECT_TRUE(paper.contains(QStringLiteral("\\sqrt{2d}")));
  const Scheme& tupe = findScheme("tupe");
  panel.setParams(makeParams(tupe, {{"variant", "tied"}}));
  EXPECT_NE(panel.formulaSource(), paper);
  EXPECT_TRUE(panel.formulaSource().contains(QStringLiteral("(x_i + p_i)")));
  panel.setView(QStringLiteral("alibi"), QStringLiteral("bias"));  // new scheme: defaults again
  EXPECT_FALSE(panel.formulaSource().contains(QStringLiteral("\\lvert")));
  panel.setParams(makeParams(findScheme("alibi"), {{"causal", "false"}}));
  EXPECT_TRUE(panel.formulaSource().contains(QStringLiteral("\\lvert")));
}

TEST(ExplanationPanel, ATrainedTableIsExplainedAsTrainedAStandInAsRandom) {
  ExplanationPanel panel;
  const Scheme& learned = findScheme("learned");
  ParamSet trained(learned.info().params);
  trained.set("table", std::string("gpt2/model.safetensors"));  // what a model sets
  for (const char* view : {"encoding", "similarity"}) {
    panel.setView(QStringLiteral("learned"), QString::fromLatin1(view));
    EXPECT_TRUE(panel.whatText().contains(QLatin1String("random"))) << view;
    panel.setParams(trained);
    const QString what = panel.whatText();
    EXPECT_FALSE(what.contains(QLatin1String("random initialisation"))) << what.toStdString();
    EXPECT_FALSE(what.contains(QLatin1String("At initialisation"))) << what.toStdString();
    EXPECT_TRUE(what.contains(QLatin1String("trained"))) << what.toStdString();
    for (const QString& n : panel.noticeTexts()) {
      EXPECT_FALSE(n.contains(QLatin1String("No pattern"))) << n.toStdString();
      EXPECT_FALSE(n.contains(QLatin1String("std 0.02"))) << n.toStdString();
    }
    panel.setLanguage(QStringLiteral("zh_CN"));
    EXPECT_FALSE(panel.whatText().contains(QString::fromUtf8("随机初始化"))) << view;
    EXPECT_FALSE(panel.whatText().contains(QString::fromUtf8("初始化时"))) << view;
    panel.setLanguage(QStringLiteral("en"));
    panel.setParams(ParamSet(learned.info().params));  // the stand-in again
    EXPECT_TRUE(panel.whatText().contains(QLatin1String("random"))) << view;
  }
}

TEST(ExplanationPanel, SchemePageHasUsesAndTheComparisonTable) {
  ExplanationPanel panel;
  panel.setView(QStringLiteral("alibi"), QStringLiteral("bias"));
  EXPECT_FALSE(panel.isSchemePageShown());
  panel.showSchemePage();
  EXPECT_TRUE(panel.isSchemePageShown());
  const QString en = panel.schemePageText();
  EXPECT_TRUE(en.contains(QStringLiteral("BLOOM")));
  EXPECT_TRUE(en.contains(QStringLiteral("Extrapolation")));
  EXPECT_TRUE(en.contains(QStringLiteral("[1]")));  // correction marks
  EXPECT_TRUE(en.contains(QStringLiteral("Transformer-XL")));
  panel.setLanguage(QStringLiteral("zh_CN"));
  const QString zh = panel.schemePageText();
  EXPECT_TRUE(zh.contains(QStringLiteral("外推能力")));
  EXPECT_TRUE(zh.contains(QStringLiteral("线性偏置")));
  panel.showViewPage();
  EXPECT_FALSE(panel.isSchemePageShown());
}

TEST(ExplanationPanel, UnknownViewSaysSoWithoutCrashing) {
  ExplanationPanel panel;
  panel.setView(QStringLiteral("rope"), QStringLiteral("no-such-view"));
  EXPECT_TRUE(panel.whatText().contains(QStringLiteral("no-such-view")));
  panel.setHoveredCell(0, 0, 1.0, {});
  EXPECT_TRUE(panel.substitutedSource().isEmpty());
  panel.setView(QStringLiteral("no-such-scheme"), QStringLiteral("v"));
  EXPECT_FALSE(panel.errorText().isEmpty());
}

TEST(ExplanationPanel, ScaleMakesTheFormulaBigger) {
  ExplanationPanel panel;
  panel.setView(QStringLiteral("sinusoidal"), QStringLiteral("similarity"));
  panel.resize(600, 900);
  const auto* formula = panel.findChild<FormulaWidget*>();
  ASSERT_NE(formula, nullptr);
  const QSize before = formula->sizeHint();
  panel.setScale(2.0);
  const QSize after = formula->sizeHint();
  EXPECT_GT(after.height(), before.height() * 1.6);
  EXPECT_GT(after.width(), before.width() * 1.6);
}

}  // namespace
}  // namespace posenc::ui
