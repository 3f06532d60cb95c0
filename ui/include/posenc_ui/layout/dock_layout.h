// SPDX-License-Identifier: GPL-3.0-or-later
// Where a main window's side docks go and how big the window is: the first start's layout,
// the compact one of a small screen, Compare's layout beside the others, the window kept on
// its screen, collapsed docks widened, and the layouts remembered from one start to the next.
#pragma once

#include <QByteArray>
#include <QObject>
#include <QSize>
#include <QString>
#include <QTimer>
#include <array>
#include <functional>

class QDockWidget;
class QMainWindow;

namespace posenc::ui {

/// The dock layout of a main window. It places the window's three side docks (Schemes and
/// Parameters on the left, one above the other, Readout on the right), keeps two layouts
/// (Compare's, whose docks are hidden until the user shows them there, and the one of Explore
/// and Animate, each remembered as the user leaves it), keeps the window within its screen,
/// and saves the layouts in QSettings (settings::kGeometry, kWindowState, kCompareState) for
/// the next start. Presentation mode keeps a layout of its own (PresentationMode): while it is
/// on, the mode's layout is not switched.
class DockLayout : public QObject {
 public:
  /// `presenting` says whether presentation mode is on.
  DockLayout(QMainWindow* window, std::function<bool()> presenting);

  /// Puts the three side docks (children of the window, not yet placed) in place, sized for
  /// the first start.
  void placeSideDocks(QDockWidget* schemes, QDockWidget* params, QDockWidget* readout);
  /// After every dock exists: the first start's size (most of the primary screen) and layout
  /// (compact on a screen narrower than kCompactWidth, maximised there at the first start),
  /// kept for reset(), then the geometry and layouts remembered from the last exit.
  void restore();
  /// Shows the dock layout of `mode`: Compare's (docks hidden unless the user showed them
  /// there) or the one of Explore and Animate.
  void arrangeForMode(const QString& mode);
  /// Shrinks and moves the window into the available geometry of its screen.
  void fitToScreen();
  /// The window was shown: the first time, docks restored collapsed are widened once the
  /// restored layout has its sizes (widenCollapsedDocks).
  void shown();
  /// View > Reset Layout (presentation mode already left): the docks and the window size as
  /// at the first start, the layout of `mode`, within the screen, and the remembered layouts
  /// forgotten until the next exit saves them again.
  void reset(const QString& mode);
  /// At exit (presentation mode already left): remembers the geometry and both layouts.
  void save();

 private:
  /// First start on a screen narrower than kCompactWidth: readout and explanation tabbed.
  void useCompactDocks();
  /// Gives every side dock narrower than kCollapsedDockWidth (squeezed when the window was
  /// made small, and left so when it grew again) a readable width, a sixth of the window
  /// (220 to 380 px), so such a width is neither saved for the next start nor restored.
  void widenCollapsedDocks();

  QMainWindow* m_window;
  std::function<bool()> m_presenting;
  std::array<QDockWidget*, 3> m_docks{};  ///< Schemes, Parameters, Readout.
  QByteArray m_firstState;                ///< saveState() of the first-start layout (reset).
  QSize m_firstSize;                      ///< The window size at the first start (reset).
  bool m_comparing = false;               ///< Compare's dock layout is in place.
  QByteArray m_compareState;  ///< saveState() of Compare's layout (empty: docks hidden).
  QByteArray m_otherState;    ///< saveState() of Explore / Animate while Compare is shown.
  /// Screens narrower than this (available pixels) start with the compact dock layout.
  static constexpr int kCompactWidth = 1300;
  /// A side dock narrower than this (px) is collapsed: nothing in it can be read.
  static constexpr int kCollapsedDockWidth = 150;
  bool m_shownOnce = false;  ///< shown() has widened the restored docks.
  QTimer m_widenDocks;       ///< widenCollapsedDocks once the first show is laid out.
};

}  // namespace posenc::ui
