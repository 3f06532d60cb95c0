// SPDX-License-Identifier: GPL-3.0-or-later
// File > Export View, Export All Views, Copy Picture and the animation's frame export: the
// dialogs and the writing behind them (pictures and numbers through view_export.h).
#pragma once

#include <QObject>
#include <QSize>
#include <QString>
#include <functional>

class QMainWindow;

namespace posenc {
struct ViewSpec;
}

namespace posenc::ui {

class AnimationView;
class EncodingController;
class PlotView;

/// What one cell of the window shows, as an export needs it.
struct ExportSource {
  QString view;                            ///< View id ("" when none).
  const posenc::ViewSpec* spec = nullptr;  ///< That view of the current scheme, if it has it.
  PlotView* plot = nullptr;                ///< Its zoom and visible part are exported.
  QString colormap;                        ///< The window's colour map ("" = by view).
  QString model;                           ///< The model shown (ExportRequest::model), "" for none.
};

/// Exports what `window` shows; status messages go to its status bar, failures to a message
/// box over it (or to the caller's `error`).
class ExportDialogs : public QObject {
  Q_OBJECT
 public:
  using Source = std::function<ExportSource(int slot)>;
  ExportDialogs(QMainWindow* window, const EncodingController& controller, Source source);

  /// See MainWindow::exportCurrentView.
  bool exportView(const QString& path, QSize size, double dpi, QString* error, int slot,
                  bool grayscale);
  /// See MainWindow::exportAnimation: frames of what `animation` shows.
  bool exportAnimation(const AnimationView& animation, const QString& dir, int frames, double step,
                       int size, QString* error);

  /// File > Export View: where to, size, resolution, grayscale; then exportView of cell 0.
  void exportDialog();
  /// File > Export All Views to Folder: every view of the scheme in one format.
  void exportAllViews();
  /// File > Copy Picture: cell 0's plot to the clipboard.
  void copyPicture();
  /// Animation > Export frames: folder, frames, step and size; then exportAnimation.
  void animationExportDialog(const AnimationView& animation);

 private:
  QMainWindow* m_window;
  const EncodingController& m_controller;
  Source m_source;
};

}  // namespace posenc::ui
