// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/window/presentation.h"

#include <QApplication>
#include <QEvent>
#include <QMouseEvent>
#include <QPainter>

#include <cmath>

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
  const QRect old(m_spot - QPoint(m_radius + 8, m_radius + 8), QSize(2 * m_radius + 16, 2 * m_radius + 16));
  m_spot = local;
  if (!isVisible()) show();
  raise();
  update(old);
  update(QRect(m_spot - QPoint(m_radius + 8, m_radius + 8), QSize(2 * m_radius + 16, 2 * m_radius + 16)));
}

bool PointerHighlight::eventFilter(QObject* watched, QEvent* event) {
  if (m_on && (event->type() == QEvent::MouseMove || event->type() == QEvent::HoverMove)) {
    if (auto* w = qobject_cast<QWidget*>(watched); w && m_host && (w == m_host || m_host->isAncestorOf(w)))
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

}  // namespace posenc::ui
