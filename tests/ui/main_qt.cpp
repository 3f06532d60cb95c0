// SPDX-License-Identifier: GPL-3.0-or-later
// GoogleTest main for tests that need a QApplication: runs without a display (offscreen
// platform) unless QT_QPA_PLATFORM says otherwise.
#include <gtest/gtest.h>

#include <QApplication>
#include <QSettings>
#include <QTemporaryDir>

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
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
