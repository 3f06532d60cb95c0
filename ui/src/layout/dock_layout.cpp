// SPDX-License-Identifier: GPL-3.0-or-later
// Where a main window's side docks go and how big the window is (dock_layout.h).
#include "posenc_ui/layout/dock_layout.h"

#include <QDockWidget>
#include <QGuiApplication>
#include <QList>
#include <QMainWindow>
#include <QRect>
#include <QScreen>
#include <QSettings>
#include <algorithm>
#include <utility>

#include "posenc_ui/common/settings_keys.h"

namespace posenc::ui {

DockLayout::DockLayout(QMainWindow* window, std::function<bool()> presenting)
    : QObject(window), m_window(window), m_presenting(std::move(presenting)) {
  m_widenDocks.setSingleShot(true);
  m_widenDocks.setInterval(0);
  connect(&m_widenDocks, &QTimer::timeout, this, [this] {
    if (!m_comparing && !m_presenting()) widenCollapsedDocks();
  });
}

void DockLayout::placeSideDocks(QDockWidget* schemes, QDockWidget* params, QDockWidget* readout) {
  m_window->addDockWidget(Qt::LeftDockWidgetArea, schemes);
  m_window->addDockWidget(Qt::LeftDockWidgetArea, params);
  m_window->splitDockWidget(schemes, params, Qt::Vertical);
  m_window->resizeDocks({schemes, params}, {300, 520}, Qt::Vertical);
  m_window->resizeDocks({params}, {380}, Qt::Horizontal);
  m_window->addDockWidget(Qt::RightDockWidgetArea, readout);
  m_window->resizeDocks({readout}, {270}, Qt::Horizontal);
  m_docks = {schemes, params, readout};
}

void DockLayout::restore() {
  // First start: most of the screen, so the heatmaps get room; later starts restore geometry.
  QSize size(1400, 900);
  bool compact = false;  // a projector's 1024 x 768: compact docks, the first start maximised
  if (const QScreen* screen = QGuiApplication::primaryScreen()) {
    size = (screen->availableSize() * 0.92).boundedTo(QSize(1800, 1150));
    compact = screen->availableSize().width() < kCompactWidth;
  }
  if (compact) useCompactDocks();
  m_window->resize(size);
  m_firstState = m_window->saveState();
  m_firstSize = size;
  const QSettings settings;
  m_window->restoreGeometry(settings.value(settings::kGeometry).toByteArray());
  m_window->restoreState(settings.value(settings::kWindowState).toByteArray());
  m_compareState = settings.value(settings::kCompareState).toByteArray();
  if (compact && !settings.contains(settings::kGeometry))
    m_window->setWindowState(Qt::WindowMaximized);
}

void DockLayout::useCompactDocks() {
  // A projector at 1024 x 768: the explanation and the readout share one tab stack on the
  // right, and both dock columns are narrower, so the picture keeps about half the width.
  auto* explanation = m_window->findChild<QDockWidget*>(QStringLiteral("ExplanationDock"));
  if (!explanation) return;
  m_window->tabifyDockWidget(m_docks[2], explanation);
  explanation->raise();
  m_window->resizeDocks({m_docks[0], explanation}, {290, 260}, Qt::Horizontal);
}

void DockLayout::arrangeForMode(const QString& mode) {
  // Compare has its own scheme, view and parameter choosers per panel, so by default it hides
  // the docks and gives its panels the whole width. Each of the two layouts (Compare, the
  // others) is remembered as the user leaves it, so docks shown in Compare stay shown there.
  const bool comparing = mode == QLatin1String("compare");
  if (comparing == m_comparing || m_presenting()) return;
  m_comparing = comparing;
  if (comparing) {
    m_otherState = m_window->saveState();
    if (m_compareState.isEmpty() || !m_window->restoreState(m_compareState)) {
      for (QDockWidget* dock : m_window->findChildren<QDockWidget*>()) dock->hide();
    }
  } else {
    m_compareState = m_window->saveState();
    if (!m_otherState.isEmpty()) m_window->restoreState(m_otherState);
  }
  fitToScreen();
}

void DockLayout::fitToScreen() {
  // The window never outgrows the screen it is on: the pages scroll (ClassroomController) and
  // the docks scroll, so a smaller size is always possible down to the minimum size hint.
  QMainWindow& w = *m_window;
  if (w.isFullScreen() || w.isMaximized()) return;
  const QScreen* where = w.screen();
  if (!where) return;
  const QRect avail = where->availableGeometry();
  const QSize frame = w.frameGeometry().size() - w.geometry().size();  // title bar and borders
  const QSize most = (avail.size() - frame).expandedTo(w.minimumSizeHint());
  if (w.width() > most.width() || w.height() > most.height()) w.resize(w.size().boundedTo(most));
  QRect outer = w.frameGeometry();
  if (outer.right() > avail.right()) outer.moveRight(avail.right());
  if (outer.bottom() > avail.bottom()) outer.moveBottom(avail.bottom());
  if (outer.left() < avail.left()) outer.moveLeft(avail.left());
  if (outer.top() < avail.top()) outer.moveTop(avail.top());
  if (outer.topLeft() != w.frameGeometry().topLeft()) w.move(outer.topLeft());
}

void DockLayout::widenCollapsedDocks() {
  QList<QDockWidget*> narrow;
  QList<int> widths;
  const int readable = std::clamp(m_window->width() / 6, 220, 380);
  for (QDockWidget* dock : m_window->findChildren<QDockWidget*>()) {
    const Qt::DockWidgetArea area = m_window->dockWidgetArea(dock);
    if (dock->isHidden() || dock->isFloating() ||
        (area != Qt::LeftDockWidgetArea && area != Qt::RightDockWidgetArea))
      continue;
    if (dock->width() >= kCollapsedDockWidth) continue;
    narrow << dock;
    widths << readable;
  }
  if (!narrow.isEmpty()) m_window->resizeDocks(narrow, widths, Qt::Horizontal);
}

void DockLayout::shown() {
  if (m_shownOnce) return;
  m_shownOnce = true;
  // Once the restored layout has its sizes (the next round of the event loop).
  m_widenDocks.start();
}

void DockLayout::reset(const QString& mode) {
  m_window->setWindowState(m_window->windowState() & ~(Qt::WindowMaximized | Qt::WindowFullScreen));
  m_window->restoreState(m_firstState);
  m_compareState.clear();
  m_otherState.clear();
  m_comparing = false;
  arrangeForMode(mode);
  m_window->resize(m_firstSize);
  fitToScreen();
  QSettings settings;
  settings.remove(settings::kGeometry);
  settings.remove(settings::kWindowState);
  settings.remove(settings::kCompareState);
}

void DockLayout::save() {
  if (!m_comparing) widenCollapsedDocks();
  QSettings settings;
  settings.setValue(settings::kGeometry, m_window->saveGeometry());
  // The Explore / Animate layout and the Compare layout, whichever is shown now.
  settings.setValue(settings::kWindowState, m_comparing ? m_otherState : m_window->saveState());
  const QByteArray compareState = m_comparing ? m_window->saveState() : m_compareState;
  if (compareState.isEmpty()) settings.remove(settings::kCompareState);
  else settings.setValue(settings::kCompareState, compareState);
}

}  // namespace posenc::ui
