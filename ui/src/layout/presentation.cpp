// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/layout/presentation.h"

#include <QApplication>
#include <QCursor>
#include <QDockWidget>
#include <QEvent>
#include <QLayout>
#include <QMainWindow>
#include <QMenuBar>
#include <QMouseEvent>
#include <QPainter>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QToolTip>

#include <cmath>

#include "posenc_ui/common/settings_keys.h"

namespace posenc::ui {

QPalette presentationPalette() {
  QPalette p;
  const QColor ink(0, 0, 0), paper(255, 255, 255), panel(245, 245, 245);
  p.setColor(QPalette::Window, panel);
  p.setColor(QPalette::WindowText, ink);
  p.setColor(QPalette::Base, paper);
  p.setColor(QPalette::AlternateBase, QColor(235, 235, 235));
  p.setColor(QPalette::Text, ink);
  p.setColor(QPalette::Button, QColor(230, 230, 230));
  p.setColor(QPalette::ButtonText, ink);
  p.setColor(QPalette::BrightText, QColor(200, 0, 0));
  p.setColor(QPalette::Highlight, QColor(0, 70, 200));
  p.setColor(QPalette::HighlightedText, paper);
  p.setColor(QPalette::ToolTipBase, QColor(255, 255, 220));
  p.setColor(QPalette::ToolTipText, ink);
  p.setColor(QPalette::PlaceholderText, QColor(90, 90, 90));
  p.setColor(QPalette::Link, QColor(0, 60, 190));
  p.setColor(QPalette::Disabled, QPalette::Text, QColor(110, 110, 110));
  p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(110, 110, 110));
  p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(110, 110, 110));
  return p;
}

QFont scaledFont(const QFont& font, double scale) {
  QFont f = font;
  if (f.pointSizeF() > 0) f.setPointSizeF(f.pointSizeF() * scale);
  else if (f.pixelSize() > 0) f.setPixelSize(static_cast<int>(std::lround(f.pixelSize() * scale)));
  return f;
}

void scaleToolTips(double scale) {
  static const QFont base = QToolTip::font();  // the platform's, before any scaling
  QToolTip::setFont(scaledFont(base, scale));
}

PointerHighlight::PointerHighlight(QWidget* host) : QWidget(host), m_host(host) {
  setObjectName(QStringLiteral("pointerHighlight"));
  setAttribute(Qt::WA_TransparentForMouseEvents);
  setAttribute(Qt::WA_NoSystemBackground);
  setFocusPolicy(Qt::NoFocus);
  hide();
}

PointerHighlight::~PointerHighlight() {
  if (m_on) qApp->removeEventFilter(this);
}

void PointerHighlight::setEnabled(bool on) {
  if (on == m_on) return;
  m_on = on;
  if (on) {
    qApp->installEventFilter(this);
    setGeometry(m_host->rect());
    raise();
    follow(QCursor::pos());
  } else {
    qApp->removeEventFilter(this);
    hide();
  }
}

void PointerHighlight::setRadius(int radius) {
  m_radius = std::max(8, radius);
  update();
}

void PointerHighlight::follow(const QPoint& globalPos) {
  if (!m_host) return;
  const QPoint local = m_host->mapFromGlobal(globalPos);
  if (geometry() != m_host->rect()) setGeometry(m_host->rect());
  if (!m_host->rect().contains(local)) {
    hide();
    return;
  }
  const QRect old(m_spot - QPoint(m_radius + 8, m_radius + 8),
                  QSize(2 * m_radius + 16, 2 * m_radius + 16));
  m_spot = local;
  if (!isVisible()) show();
  raise();
  update(old);
  update(QRect(m_spot - QPoint(m_radius + 8, m_radius + 8),
               QSize(2 * m_radius + 16, 2 * m_radius + 16)));
}

bool PointerHighlight::eventFilter(QObject* watched, QEvent* event) {
  // The host moved or changed size under a mouse that stood still (presentation mode going
  // full screen, the caption appearing above the plot): the ring goes where the mouse is now,
  // not where the old geometry had it.
  if (m_on && m_host && (event->type() == QEvent::Move || event->type() == QEvent::Resize) &&
      (watched == m_host || watched == m_host->window()))
    follow(QCursor::pos());
  if (m_on && (event->type() == QEvent::MouseMove || event->type() == QEvent::HoverMove)) {
    if (auto* w = qobject_cast<QWidget*>(watched);
        w && m_host && (w == m_host || m_host->isAncestorOf(w)))
      follow(QCursor::pos());
  }
  if (m_on && event->type() == QEvent::Leave && watched == m_host) hide();
  return QWidget::eventFilter(watched, event);
}

void PointerHighlight::paintEvent(QPaintEvent*) {
  QPainter g(this);
  g.setRenderHint(QPainter::Antialiasing);
  g.setPen(QPen(QColor(255, 140, 0, 220), std::max(4, m_radius / 6)));
  g.setBrush(QColor(255, 220, 0, 70));
  g.drawEllipse(QPointF(m_spot), m_radius, m_radius);
}

// ----------------------------------------------------------------------------------------------
// Presentation mode

/// What presentation mode changes, to restore it exactly.
struct PresentationMode::Saved {
  QByteArray geometry;
  QRect rect;        ///< geometry(): restoreGeometry alone may shift the window by its frame.
  QByteArray state;  ///< saveState(): docks and tool bars.
  Qt::WindowStates windowState;
  QPalette palette;
  bool paletteSet = false;  ///< The window had its own palette (else it follows the application's).
  bool menuBarVisible = true;
  bool statusBarVisible = true;
};

PresentationMode::PresentationMode(QMainWindow* window)
    : QObject(window),
      m_window(window),
      m_pointer(new PointerHighlight(window->centralWidget())),
      m_saved(std::make_unique<Saved>()) {
  m_fullScreen.setSingleShot(true);
  connect(&m_fullScreen, &QTimer::timeout, this, [this] {
    if (m_on) m_window->setWindowState(m_window->windowState() | Qt::WindowFullScreen);
  });
}

PresentationMode::~PresentationMode() = default;

void PresentationMode::setOn(bool on) {
  if (on == m_on) return;
  if (on) enter();
  else leave();
}

bool PresentationMode::setTextScale(double scale) {
  if (!(scale >= 0.5 && scale <= 4.0)) return false;
  m_textScale = scale;
  emit fontsChanged();
  QSettings settings;
  if (settings.value(settings::kTextScale, 1.0).toDouble() != scale)
    settings.setValue(settings::kTextScale, scale);
  return true;
}

double PresentationMode::fontScale() const {
  return m_textScale * (m_on ? kPresentationScale : 1.0);
}

void PresentationMode::enter() {
  Saved& p = *m_saved;
  QMainWindow& w = *m_window;
  p.geometry = w.saveGeometry();
  p.rect = w.geometry();
  p.state = w.saveState();
  p.windowState = w.windowState();
  p.palette = w.palette();
  p.paletteSet = w.testAttribute(Qt::WA_SetPalette);
  p.menuBarVisible = w.menuBar()->isVisibleTo(&w);
  p.statusBarVisible = w.statusBar()->isVisibleTo(&w);
  m_on = true;
  for (QDockWidget* dock : w.findChildren<QDockWidget*>()) dock->hide();
  for (QToolBar* bar : w.findChildren<QToolBar*>()) bar->hide();
  w.menuBar()->hide();
  w.statusBar()->hide();
  w.setPalette(presentationPalette());
  emit fontsChanged();
  m_pointer->setEnabled(true);
  // Full screen replaces maximised; leaving restores the saved state, maximised included.
  // A window manager may ignore full screen asked of a maximised window (openbox does), so a
  // maximised window is made normal first and full screen once the manager has done that.
  if (w.windowState() & Qt::WindowMaximized) {
    w.setWindowState(w.windowState() & ~Qt::WindowMaximized);
    m_fullScreen.start(150);
  } else {
    w.setWindowState(w.windowState() | Qt::WindowFullScreen);
  }
}

void PresentationMode::leave() {
  const Saved& p = *m_saved;
  QMainWindow& w = *m_window;
  m_on = false;
  m_pointer->setEnabled(false);
  // Back to the window's own palette, or to following the application's.
  w.setPalette(p.paletteSet ? p.palette : QPalette());
  emit fontsChanged();
  w.menuBar()->setVisible(p.menuBarVisible);
  w.statusBar()->setVisible(p.statusBarVisible);
  w.setWindowState(p.windowState);
  w.restoreState(p.state);
  // The widgets' size hints still have the presentation fonts until their posted layout
  // requests run; without this the window's stale minimum size would widen the restored
  // geometry.
  QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
  if (w.layout()) w.layout()->activate();
  w.restoreGeometry(p.geometry);
  if (!(p.windowState & (Qt::WindowMaximized | Qt::WindowFullScreen))) w.setGeometry(p.rect);
  w.restoreState(p.state);
}

}  // namespace posenc::ui
