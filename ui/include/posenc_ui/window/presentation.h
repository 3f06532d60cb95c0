// SPDX-License-Identifier: GPL-3.0-or-later
// Presentation mode helpers: a high-contrast palette, scaled fonts, and a pointer highlight
// that the back row of a classroom can follow.
#pragma once

#include <QFont>
#include <QPalette>
#include <QPointer>
#include <QWidget>

namespace posenc::ui {

/// Fonts and plot labels in presentation mode are at least this much larger.
inline constexpr double kPresentationScale = 1.8;

/// Black text on white, saturated blue selection, thick focus colours: readable on a
/// washed-out projector.
[[nodiscard]] QPalette presentationPalette();

/// `font` with its point size multiplied by `scale` (pixel-sized fonts scaled likewise).
[[nodiscard]] QFont scaledFont(const QFont& font, double scale);

/// A translucent ring that follows the mouse over `host` (and its children) without taking
/// any input: the presenter's laser pointer. Shown while enabled and the mouse is inside.
class PointerHighlight : public QWidget {
  Q_OBJECT
 public:
  explicit PointerHighlight(QWidget* host);
  ~PointerHighlight() override;

  void setEnabled(bool on);
  [[nodiscard]] bool isOn() const { return m_on; }
  /// Radius of the ring in logical pixels.
  void setRadius(int radius);
  [[nodiscard]] int radius() const { return m_radius; }
  /// Where the ring is drawn (host coordinates); for tests.
  [[nodiscard]] QPoint spot() const { return m_spot; }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
  void paintEvent(QPaintEvent* event) override;

 private:
  void follow(const QPoint& globalPos);

  QPointer<QWidget> m_host;
  bool m_on = false;
  int m_radius = 36;
  QPoint m_spot{-1000, -1000};
};

}  // namespace posenc::ui
