// SPDX-License-Identifier: GPL-3.0-or-later
// The fixture of the window tests: a fresh MainWindow per test, shown offscreen, with no
// settings from an earlier test, and the two ways to wait for what it computes.
#pragma once

#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QSize>
#include <QString>
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <memory>
#include <optional>

#include "posenc_ui/common/translation.h"
#include "posenc_ui/plot/plot_view.h"
#include "posenc_ui/window/main_window.h"

namespace posenc::test {

/// m_window: a MainWindow of windowSize() (1200 x 800 unless a test suite says otherwise),
/// shown, made after clearing QSettings (no geometry or last session of an earlier test).
/// Afterwards the language is English again and the settings are cleared.
class MainWindowTest : public ::testing::Test {
 protected:
  void SetUp() override {
    QSettings().clear();
    m_window = std::make_unique<ui::MainWindow>();
    // Closing an edited window asks Save / Discard / Cancel; tests must never wait on the box.
    m_window->setUnsavedPrompt([] { return QMessageBox::Discard; });
    m_window->resize(windowSize());
    m_window->show();
  }
  void TearDown() override {
    m_window.reset();
    ui::setLanguage(QStringLiteral("en"));
    QSettings().clear();
  }

  [[nodiscard]] virtual QSize windowSize() const { return {1200, 800}; }

  /// The next result for `view` in cell `slot` computed with the controller's current
  /// parameters; none if no such result comes while 200 waits of 100 ms pass without any
  /// result at all (a result for something else restarts the wait).
  std::optional<ui::ViewResult> resultFor(const QString& view, int slot = 0) {
    QSignalSpy spy(&m_window->controller(), &ui::EncodingController::resultReady);
    for (int round = 0; round < 200; ++round) {
      for (const auto& args : spy) {
        const int s = args.at(0).toInt();
        const auto r = args.at(1).value<ui::ViewResult>();
        if (s == slot && r.view == view && r.params == m_window->controller().params()) return r;
      }
      spy.clear();
      if (!spy.wait(100)) continue;
      --round;
    }
    return std::nullopt;
  }

  /// resultFor(view, slot), a test failure when it does not come.
  ui::ViewResult waitFor(const QString& view, int slot = 0) {
    if (auto r = resultFor(view, slot)) return *r;
    ADD_FAILURE() << "no result for " << view.toStdString();
    return {};
  }

  /// Waits until cell 0 shows `view`, drawn, with nothing left to compute (also when that
  /// was so already); a test failure after 300 waits of 50 ms.
  void waitUntilShown(const QString& view) {
    QSignalSpy spy(&m_window->controller(), &ui::EncodingController::resultReady);
    for (int round = 0; round < 300; ++round) {
      if (m_window->plotView(0).plot().plottableCount() > 0 && m_window->cellView(0) == view &&
          !m_window->controller().busy())
        return;
      spy.wait(50);
    }
    ADD_FAILURE() << "no result for " << view.toStdString();
  }

  std::unique_ptr<ui::MainWindow> m_window;
};

}  // namespace posenc::test
