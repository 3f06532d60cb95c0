// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc export --lang`: Chinese pictures from the command line, English by default, other
// languages refused with exit status 2 naming --lang.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <QImage>
#include <QString>
#include <gtest/gtest.h>

#include "posenc/base/scheme.hpp"
#include "support/posenc_cli.hpp"

namespace posenc {
namespace {

namespace fs = std::filesystem;

using test::Outcome;

class Lang : public test::TempDirTest {
 protected:
  /// Runs posenc with `args` (in the C locale, so nothing but --lang picks the language).
  static Outcome run(const std::vector<std::string>& args) {
    test::Process p = test::posenc(args, {{"LANG", "C"}, {"LC_ALL", "C"}, {"LANGUAGE", ""}});
    p.stdoutPath = "/dev/null";
    return test::run(p, test::kPosencTimeoutSeconds);
  }
};

/// True when `text` (UTF-8) holds a CJK unified ideograph (U+4E00..U+9FFF).
bool hasChinese(const std::string& text) {
  for (const QChar c : QString::fromStdString(text))
    if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF) return true;
  return false;
}

TEST_F(Lang, ChineseExportDrawsChineseTextAndEnglishStaysTheDefault) {
  const std::string title = findView(findScheme("rope"), "scores").title;
  const fs::path zh = m_dir / "zh.svg", en = m_dir / "en.svg", plain = m_dir / "plain.svg";
  ASSERT_EQ(run({"export", "--scheme", "rope", "--view", "scores", "--lang", "zh_CN", "--out",
                 zh.string()})
                .status,
            0);
  ASSERT_EQ(run({"export", "--scheme", "rope", "--view", "scores", "--lang", "en", "--out",
                 en.string()})
                .status,
            0);
  ASSERT_EQ(run({"export", "--scheme", "rope", "--view", "scores", "--out", plain.string()}).status,
            0);
  const std::string zhText = test::slurp(zh), enText = test::slurp(en),
                    plainText = test::slurp(plain);
  EXPECT_TRUE(hasChinese(zhText));
  EXPECT_FALSE(hasChinese(enText));
  EXPECT_FALSE(hasChinese(plainText));
  // The English title as the SVG writer writes it ("⟨Rₘq, Rₙk⟩", XML-escaped where needed).
  const std::string escapedTitle = QString::fromStdString(title).toHtmlEscaped().toStdString();
  EXPECT_NE(enText.find(escapedTitle), std::string::npos) << escapedTitle;
  EXPECT_EQ(zhText.find(escapedTitle), std::string::npos);
  // Text stays text; its font families name fonts with Chinese glyphs after the first.
  EXPECT_NE(zhText.find("'Noto Sans CJK SC'"), std::string::npos);
  EXPECT_NE(zhText.find("<text"), std::string::npos);
}

TEST_F(Lang, ChinesePngAndPdfAreWritten) {
  const fs::path png = m_dir / "alibi.png", pdf = m_dir / "alibi.pdf";
  EXPECT_EQ(run({"export", "--scheme", "alibi", "--view", "bias", "--lang", "zh_CN", "--out",
                 png.string()})
                .status,
            0);
  EXPECT_EQ(run({"export", "--scheme", "alibi", "--view", "slopes", "--lang", "zh_CN", "--out",
                 pdf.string()})
                .status,
            0);
  const QImage image(QString::fromStdString(png.string()));
  EXPECT_EQ(image.width(), 1000);
  EXPECT_EQ(test::slurp(pdf).rfind("%PDF", 0), 0u);
}

TEST_F(Lang, UnknownLanguageIsRefusedNamingTheOption) {
  const fs::path out = m_dir / "x.png";
  for (const char* lang : {"xx", "zh", "zh_TW", ""}) {
    const Outcome r = run(
        {"export", "--scheme", "rope", "--view", "scores", "--lang", lang, "--out", out.string()});
    EXPECT_EQ(r.status, 2) << lang;
    EXPECT_NE(r.err.find("--lang"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out)) << lang;
  }
  const Outcome missing =
      run({"export", "--scheme", "rope", "--view", "scores", "--out", out.string(), "--lang"});
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("--lang"), std::string::npos) << missing.err;
  const Outcome gallery = run({"gallery", (m_dir / "g").string(), "--lang", "de"});
  EXPECT_EQ(gallery.status, 2);
  EXPECT_NE(gallery.err.find("--lang"), std::string::npos) << gallery.err;
}

TEST_F(Lang, HelpMentionsLang) {
  const Outcome r = test::runPosenc({"--help"});
  ASSERT_EQ(r.status, 0);
  const std::string& help = r.out;
  EXPECT_NE(help.find("--lang en|zh_CN"), std::string::npos);
}

}  // namespace
}  // namespace posenc
