// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/app/window_main.h"

#include <QApplication>
#include <QMessageBox>
#include <QSettings>
#include <QString>
#include <filesystem>
#include <iostream>
#include <string>

#include "posenc_ui/common/settings_keys.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/window/main_window.h"

namespace posenc::ui {

namespace {

bool endsWith(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() &&
         text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

StartPath startPathKind(const std::string& path) {
  // A path that is there opens in the window as what it is; anything else is a command-line
  // word, so typos get "unknown command", not a window.
  namespace fs = std::filesystem;
  std::error_code ec;
  const bool folder = fs::is_directory(path, ec);
  const bool file = fs::is_regular_file(path, ec);
  if (folder || (file && MainWindow::opensAsModel(QString::fromLocal8Bit(path.c_str()))))
    return StartPath::Model;
  if (endsWith(path, ".json")) return StartPath::Session;  // one not there: the window says so
  return file ? StartPath::Unrecognised : StartPath::Command;
}

std::string unrecognisedFileText(const std::string& path) {
  return "posenc: cannot open " + path +
         ": the window opens a session (.json, .posenc.json), a model folder, a model's "
         "config.json, a .safetensors checkpoint or its .safetensors.index.json.\n"
         "  For the command line: posenc --help\n";
}

bool wantsWindow(int argc, char** argv) {
  if (argc == 1) return true;
  return argc == 2 && startPathKind(argv[1]) != StartPath::Command;
}

bool startSession(MainWindow& window, const QString& path, QString* error) {
  if (!path.isEmpty() && startPathKind(std::string(path.toLocal8Bit())) == StartPath::Model) {
    // The model over what the user had last time, as File > Open Model opens it.
    window.restoreLastSession();
    return window.openModel(path, error);
  }
  if (!path.isEmpty() && window.openSession(path, error)) return true;
  // No file, or one that cannot be opened: what the user had last time, not the defaults.
  window.restoreLastSession();
  return path.isEmpty();
}

bool showStartPageIfWanted(MainWindow& window) {
  if (!QSettings().value(settings::kShowStartPage, true).toBool()) return false;
  window.showStartPage();
  return true;
}

int runWindow(int argc, char** argv) {
  const StartPath kind = argc == 2 ? startPathKind(argv[1]) : StartPath::Command;
  if (kind == StartPath::Unrecognised) {
    std::cerr << unrecognisedFileText(argv[1]);
    return 2;
  }
  const bool headless = qEnvironmentVariableIsEmpty("DISPLAY") &&
                        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") &&
                        qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
  if (headless) {
    std::cerr << "posenc: no display to open the window on (DISPLAY is not set).\n"
                 "  Run it in a desktop session, under xvfb-run, or use the command line:\n"
                 "  posenc gallery   (every view as PNG)   posenc --help\n";
    return 1;
  }
  QApplication app(argc, argv);
  QApplication::setOrganizationName(settings::kOrganization);
  QApplication::setApplicationName(settings::kApplication);
  QApplication::setApplicationVersion(QStringLiteral(POSENC_VERSION));
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/posenc.svg")));
  // The application id: names the installed menu entry (org.posenc.Explorer.desktop), so a
  // desktop matches the window to its entry and icon (Wayland's app_id, X11's hints).
  QGuiApplication::setDesktopFileName(QStringLiteral("org.posenc.Explorer"));
  // The language chosen in View > Language last time, else the system locale's.
  const QString chosen = QSettings().value(settings::kLanguage).toString();
  setLanguage(isLanguage(chosen) ? chosen : systemLanguage());
  MainWindow window;
  QString error;
  if (!startSession(window, argc == 2 ? QString::fromLocal8Bit(argv[1]) : QString(), &error)) {
    std::cerr << "posenc: " << error.toStdString() << "\n";
    QMessageBox::warning(&window,
                         kind == StartPath::Model ? MainWindow::tr("Cannot open model")
                                                  : MainWindow::tr("Cannot open session"),
                         error);
  }
  window.show();
  showStartPageIfWanted(window);
  return QApplication::exec();
}

}  // namespace posenc::ui
