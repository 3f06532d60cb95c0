// SPDX-License-Identifier: GPL-3.0-or-later
// Presentation mode: entering and leaving it (and what leaving restores), a high-contrast
// palette, scaled fonts, and a pointer highlight that the back row of a classroom can follow.
#pragma once

#include <QFont>
#include <QPalette>
#include <QPointer>
#include <QTimer>
#include <QWidget>
#include <memory>

class QMainWindow;

namespace posenc::ui {

/// Fonts and plot labels in presentation mode are at least this much larger.
inline constexpr double kPresentationScale = 1.8;

/// Black text on white, saturated blue selection, thick focus colours: readable on a
/// washed-out projector.
[[nodiscard]] QPalette presentationPalette();

/// `font` with its point size multiplied by `scale` (pixel-sized fonts scaled likewise).
[[nodiscard]] QFont scaledFont(const QFont& font, double scale);

/// Makes tooltips (QToolTip, every widget's) `scale` times the size they have at 1: they
/// follow the window's text size and presentation mode, so a tooltip on the projector is as
/// readable as the text it explains.
void scaleToolTips(double scale);

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

/// Presentation mode of a main window: full screen, docks, tool bars, menu bar and status bar
/// hidden, the high-contrast palette and the pointer highlight over the central widget.
/// Leaving restores geometry, window state, dock layout and palette exactly. It keeps the
/// window's text size too, which presentation mode multiplies by kPresentationScale.
class PresentationMode : public QObject {
  Q_OBJECT
 public:
  /// The pointer highlight goes over `window`'s central widget, which must exist by now.
  explicit PresentationMode(QMainWindow* window);
  ~PresentationMode() override;

  [[nodiscard]] bool isOn() const { return m_on; }
  /// Enters or leaves (nothing when already so).
  void setOn(bool on);
  /// The text size chosen for the window and its pictures (1 = 100 %).
  [[nodiscard]] double textScale() const { return m_textScale; }
  /// Sets the text size (fontsChanged) and remembers it (settings::kTextScale); false, and
  /// nothing changes, for a size outside 0.5 to 4.
  bool setTextScale(double scale);
  /// The scale of the window's fonts and its pictures' labels: the text size, times
  /// kPresentationScale while presentation mode is on.
  [[nodiscard]] double fontScale() const;

 signals:
  /// fontScale() changed: isOn() changed and the palette is in place (scale the fonts now,
  /// before the window's geometry is set: entering, full screen; leaving, the saved geometry),
  /// or the text size changed.
  void fontsChanged();

 private:
  struct Saved;
  void enter();
  void leave();

  QMainWindow* m_window;
  PointerHighlight* m_pointer;
  std::unique_ptr<Saved> m_saved;  ///< What leaving restores.
  bool m_on = false;
  double m_textScale = 1.0;
  /// Full screen asked for once the window manager has un-maximised the window (enter()).
  QTimer m_fullScreen;
};

}  // namespace posenc::ui
