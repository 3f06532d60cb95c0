// SPDX-License-Identifier: GPL-3.0-or-later
// GoogleTest main for tests that need a QApplication: runs without a display (offscreen
// platform) unless QT_QPA_PLATFORM says otherwise.
#include <gtest/gtest.h>

#include <QApplication>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>

int main(int argc, char** argv) {
  // The offscreen screen is 800 x 600 unless told otherwise, which the window treats as a
  // small projector (compact docks, maximised); the tests get a 1920 x 1200 monitor. The
  // screenshot suite (tests/screens) tries the real small screens.
  const QTemporaryDir screenDir;
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
    QByteArray platform = "offscreen";
    QFile config(screenDir.filePath(QStringLiteral("screen.json")));
    if (screenDir.isValid() && config.open(QIODevice::WriteOnly)) {
      config.write(R"({"screens": [{"name": "Monitor", "x": 0, "y": 0, "width": 1920,
                   "height": 1200, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
      config.close();
      platform += ":configfile=" + QFile::encodeName(config.fileName());
    }
    qputenv("QT_QPA_PLATFORM", platform);
  }
  ::testing::InitGoogleTest(&argc, argv);
  QApplication app(argc, argv);
  // Settings of this process only: ctest -j runs window tests in parallel processes, and one
  // test's QSettings().clear() or saved text size must not reach another's window.
  const QTemporaryDir settingsDir;
  if (settingsDir.isValid()) {
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
  }
  return RUN_ALL_TESTS();
}
