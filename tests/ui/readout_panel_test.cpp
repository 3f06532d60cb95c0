// SPDX-License-Identifier: GPL-3.0-or-later
// The hover readout in a narrow dock (issue 26 item 10): with a model's trained table open,
// whose file path is one long word among the terms, a value was wrapped as "0." and
// "3905467" and cut at the panel's edge. Offscreen, at the readout's width on a 1024 x 768
// projector.
#include "posenc_ui/panels/readout_panel.h"

#include <QAbstractTextDocumentLayout>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "support/tensor_files.hpp"

namespace posenc::ui {
namespace {

namespace fs = std::filesystem;

/// The readout dock's width at 1024 x 768 (the compact docks: MainWindow::useCompactDocks
/// gives the explanation and readout tab stack 260 px, less its frame).
constexpr int kDockWidth = 250;

bool numberChar(QChar c) {
  return c.isDigit() || c == QLatin1Char('.') || c == QLatin1Char('e') || c == QLatin1Char('-') ||
         c == QLatin1Char('+') || c == QChar(0x2212);
}

/// Every place where `doc` breaks a line between two characters of one number.
std::vector<std::string> brokenNumbers(QTextDocument& doc) {
  std::vector<std::string> out;
  for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
    const QTextLayout* layout = block.layout();
    const QString text = block.text();
    if (!layout) continue;
    for (int i = 0; i + 1 < layout->lineCount(); ++i) {
      const int at = layout->lineAt(i + 1).textStart();  // first character of the next line
      if (at <= 0 || at >= text.size()) continue;
      if (numberChar(text[at - 1]) && numberChar(text[at]) && text[at - 1] != QLatin1Char(' '))
        out.push_back((text.left(at) + QStringLiteral(" / ") + text.mid(at)).toStdString());
    }
  }
  return out;
}

TEST(ReadoutPanel, ValuesNeitherWrapNorAreCutWithAModelTableInANarrowDock) {
  // GPT-2's table where the Hugging Face cache keeps it: the term naming it is one long word.
  const fs::path dir =
      test::freshTempDir("readout_hub") /
      "models--openai-community--gpt2/snapshots/607a30d783dfa663caf39e06633721c8d4cfcd7e";
  fs::create_directories(dir);
  const std::string file = (dir / "model.safetensors").string();
  std::vector<double> values;
  for (int k = 0; k < 16 * 8; ++k) values.push_back(0.3905467 - 1e-4 * k);
  test::writeSafetensors(file, {{"wpe", {16, 8}, values}});
  const Scheme& scheme = findScheme("learned");
  const ParamSet params = makeParams(scheme, {{"table", file + ":wpe"}, {"length", "16"}});

  ReadoutPanel panel;
  panel.resize(kDockWidth, 500);
  panel.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
  QSignalSpy explained(&panel, &ReadoutPanel::cellExplained);
  for (const char* view : {"encoding", "similarity"}) {
    SCOPED_TRACE(view);
    explained.clear();
    panel.showCell(scheme, params, findView(scheme, view), 3, 5);
    ASSERT_TRUE(explained.wait(10000));
    QCoreApplication::processEvents();
    (void)panel.grab();  // laid out and painted at its width, as on the screen

    auto* label = panel.findChild<QLabel*>();
    ASSERT_NE(label, nullptr);
    ASSERT_TRUE(label->text().contains(QStringLiteral("trained table")))
        << label->text().toStdString();
    // The label's own document, as it is laid out on the screen.
    auto* doc = label->findChild<QTextDocument*>();
    ASSERT_NE(doc, nullptr);
    for (const std::string& broken : brokenNumbers(*doc))
      ADD_FAILURE() << "a number wrapped: " << broken;
    // Nothing beyond the label's right edge; a label wider than the dock scrolls sideways.
    const int inside = label->contentsRect().width() - 2 * label->margin();
    EXPECT_LE(doc->size().width(), inside + 1.0)
        << "the text is " << doc->size().width() << " px wide in a label of " << inside;
    auto* scroll = panel.findChild<QScrollArea*>();
    ASSERT_NE(scroll, nullptr);
    if (label->width() > scroll->viewport()->width()) {
      EXPECT_TRUE(scroll->horizontalScrollBar()->isVisible());
    }
  }
}

}  // namespace
}  // namespace posenc::ui
