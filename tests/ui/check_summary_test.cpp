// SPDX-License-Identifier: GPL-3.0-or-later
// A slip's headline and sentence in the window's language (check_summary slipHeadline,
// slipText): the core's messages (Slip::headline, Slip::detail) translated, so a scheme's own
// slip (KERPLE's swapped numbers, xPos's direction) and two slips at once read in Chinese with
// no table of slips in the ui; in English the core's words byte for byte.
#include <QCoreApplication>
#include <QRegularExpression>
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "posenc/check/check.hpp"
#include "posenc_ui/check/check_summary.h"
#include "posenc_ui/common/translation.h"
#include "support/slip_messages.hpp"
#include "support/ui_values.hpp"

namespace posenc::ui {
namespace {

using test::qs;
using Sets = std::vector<std::pair<std::string, std::string>>;

/// The first slip the core names for ours under `theirs` (made into yours by `f`) checked
/// against ours under `sets`.
template <typename F>
Slip firstSlip(const std::string& scheme, const Sets& sets, const Sets& theirs,
               const std::string& view, F f) {
  const Scheme& s = findScheme(scheme);
  const Matrix yours = f(computeMatrix(s, makeParams(s, theirs), view).values);
  const CheckReport r = checkArray(s, makeParams(s, sets), view, test::asAgainst(yours));
  EXPECT_FALSE(r.diagnosis.empty()) << checkReportText(r);
  return r.diagnosis.empty() ? Slip{} : r.diagnosis.front();
}

/// KERPLE's numbers swapped, xPos's scale the other way, another layout with another base.
std::vector<Slip> slips() {
  const auto same = [](const Matrix& m) { return m; };
  return {firstSlip("kerple", {{"length", "32"}, {"r1", "2"}, {"r2", "0.5"}},
                    {{"length", "32"}, {"r1", "0.5"}, {"r2", "2"}}, "bias", same),
          firstSlip("xpos", {}, {}, "decay",
                    [](const Matrix& m) -> Matrix { return m.cwiseInverse(); }),
          firstSlip("rope", {{"length", "64"}, {"dim", "32"}, {"layout", "interleaved"}},
                    {{"length", "64"}, {"dim", "32"}, {"base", "500000"}}, "cos", same)};
}

/// Three English words in a row: a sentence left untranslated (ids, code and formulas such as
/// "r1", "bias_p" or "log(1 + r2 · |i − j|)" are not).
bool hasLatinSentence(const QString& text) {
  static const QRegularExpression words(QStringLiteral("[A-Za-z]{2,} [A-Za-z]{2,} [A-Za-z]{2,}"));
  return text.contains(words);
}

bool hasChinese(const QString& text) {
  for (const QChar c : text)
    if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF) return true;
  return false;
}

class CheckSlipsInChinese : public ::testing::Test {
 protected:
  void TearDown() override { setLanguage(QStringLiteral("en")); }
};

TEST_F(CheckSlipsInChinese, TheSchemesOwnSlipsAndAPairAreSaidInChinese) {
  const std::vector<Slip> named = slips();
  ASSERT_EQ(named.size(), 3U);
  EXPECT_EQ(named[0].id, "kerple_swapped");
  EXPECT_EQ(named[1].id, "xpos_direction");
  EXPECT_EQ(named[2].id, "layout+base");
  ASSERT_TRUE(setLanguage(QStringLiteral("zh_CN")));
  for (const Slip& s : named) {
    const QString headline = CheckSummary::slipHeadline(s);
    EXPECT_TRUE(hasChinese(headline)) << s.id << ": " << headline.toStdString();
    EXPECT_FALSE(hasLatinSentence(headline)) << s.id << ": " << headline.toStdString();
    const QString text = CheckSummary::slipText(s);
    EXPECT_TRUE(hasChinese(text)) << s.id << ": " << text.toStdString();
    EXPECT_FALSE(hasLatinSentence(text)) << s.id << ": " << text.toStdString();
    EXPECT_EQ(CheckSummary::slipDetail(s), qs(s.text));  // the tooltip: the core's English
  }
  EXPECT_TRUE(CheckSummary::slipHeadline(named[2]).contains(QStringLiteral("；然后：")));
  EXPECT_TRUE(CheckSummary::slipText(named[2]).contains(QStringLiteral("layout=half base=500000")));
  EXPECT_TRUE(CheckSummary::slipText(named[0]).contains(QStringLiteral("r1=0.5 r2=2")));
  // The sentence, not a headline with the setting: its code names and numbers are there, the
  // slip's id is not.
  EXPECT_TRUE(CheckSummary::slipText(named[0]).contains(QStringLiteral("bias_p")));
  EXPECT_TRUE(CheckSummary::slipText(named[1]).contains(QStringLiteral("torchscale")));
  EXPECT_TRUE(CheckSummary::slipText(named[2]).contains(QStringLiteral("10000")));
  for (const Slip& s : named)
    EXPECT_FALSE(CheckSummary::slipHeadline(s).contains(qs(s.id))) << s.id;
}

TEST_F(CheckSlipsInChinese, InEnglishTheCoresWordsAsTheyAre) {
  setLanguage(QStringLiteral("en"));
  ASSERT_EQ(currentLanguage(), QStringLiteral("en"));
  for (const Slip& s : slips()) {
    EXPECT_EQ(CheckSummary::slipHeadline(s), qs(s.headline.english())) << s.id;
    EXPECT_EQ(CheckSummary::slipText(s), qs(s.text)) << s.id;  // explains every cell
  }
  const std::vector<Slip> named = slips();
  EXPECT_EQ(CheckSummary::slipHeadline(named[0]),
            QStringLiteral("Your KERPLE kernel has its two numbers swapped (r1 and r2)"));
  EXPECT_EQ(CheckSummary::slipHeadline(named[1]),
            QStringLiteral("Your xPos scale goes the other way (q downscaled, k upscaled)"));
  EXPECT_EQ(CheckSummary::slipHeadline(named[2]),
            QStringLiteral("Your pairing layout is not ours (half or interleaved); then: Yours "
                           "uses another base"));
  // A partial slip says the share it explains after the sentence.
  Slip partial = named[1];
  partial.explains = false;
  partial.matchedShare = 0.25;
  EXPECT_EQ(CheckSummary::slipText(partial), qs(partial.text) + " (explains 25 % of the cells)");
}

}  // namespace
}  // namespace posenc::ui
