// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/app/window_main.h"

#include <QApplication>
#include <QMessageBox>
#include <QSettings>
#include <QString>
#include <filesystem>
#include <iostream>
#include <string>

#include "posenc_ui/app/settings_keys.h"
#include "posenc_ui/app/translation.h"
#include "posenc_ui/window/main_window.h"

namespace posenc::ui {

bool wantsWindow(int argc, char** argv) {
  if (argc == 1) return true;
  if (argc != 2) return false;
  // A single argument that names a file (or looks like a session) opens it in the window;
  // anything else is a command-line word, so typos get "unknown command", not a window.
  const std::string arg = argv[1];
  std::error_code ec;
  return std::filesystem::is_regular_file(arg, ec) ||
         (arg.size() > 5 && arg.compare(arg.size() - 5, 5, ".json") == 0);
}

bool startSession(MainWindow& window, const QString& path, QString* error) {
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
    QMessageBox::warning(&window, MainWindow::tr("Cannot open session"), error);
  }
  window.show();
  showStartPageIfWanted(window);
  return QApplication::exec();
}

}  // namespace posenc::ui
