// SPDX-License-Identifier: GPL-3.0-or-later
// File > Check Against File...: an engineer's array (.npy, .npz, .safetensors, .csv or our own
// JSON export) compared with the main window's current scheme, parameters and view by the
// core's oracle (posenc/check/check.hpp), read and compared on a worker thread. Shows the report
// (MATCH / MISMATCH, counts, the largest errors, tolerance, dtype and shapes), the diagnosis
// (each slip, with a button that applies its setting in the main window as one undo step) and
// yours, ours and their difference side by side (check_plots.h).
#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>
#include <functional>
#include <memory>
#include <optional>

#include "posenc/base/params.hpp"
#include "posenc/check/check.hpp"
#include "posenc_ui/check/check_summary.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QComboBox;
class QVBoxLayout;

namespace posenc::ui {

class CheckPlots;

/// What a check compares with: the main window's scheme, parameters and view.
struct CheckTarget {
  QString scheme;
  posenc::ParamSet params;
  QString view;
  /// The model's layer the view draws, while a model whose layers differ is shown: the
  /// diagnosis then names another layer's base or scaling as `posenc check --model M --layer
  /// N` does (CheckOptions::layer); empty otherwise.
  std::optional<posenc::CheckLayer> layer{};
};

/// A window of its own (non-modal, resizable, its geometry remembered). A file that cannot be
/// read or compared is refused in a message box naming the file and the reason (object name
/// "CheckRefused"); what the window shows stays as it was, and the main window is never
/// touched but by an Apply button.
///
/// A row names what the array is compared with (scheme, view and every parameter, as the
/// command line spells them) and lets the person pick another scheme or view, shown in the
/// main window as it is compared. The part of the view compared is the core's checkRegion,
/// as `posenc check` chooses it: the Rows and Columns fields (A:B, as --rows / --cols; empty:
/// where our own JSON export says, else the whole view), never the array's own shape, so both
/// reach the same verdict. The tolerance is typed (rtol, atol; empty: the file's dtype's
/// default, shown as placeholder). Recheck compares the array read last again with the main
/// window as it is then.
class CheckWindow : public QWidget {
  Q_OBJECT
 public:
  /// The main window's scheme, parameters and view now.
  using Current = std::function<CheckTarget()>;
  /// Shows `target` in the main window through its undoable path (one step named after
  /// `param`, the first parameter set), so the view that matches is seen.
  using Apply = std::function<void(const CheckTarget& target, const QString& param)>;

  CheckWindow(QWidget* mainWindow, Current current, Apply apply);
  ~CheckWindow() override;

  /// File > Check Against File...: shows the window, asks for a file (and, in an .npz or
  /// .safetensors file of several arrays, which one), then checkFile.
  void chooseFile();
  /// Reads "FILE" or "FILE:NAME" and compares it with the main window's view on a worker
  /// thread, on the rows and columns typed (checkRegion). Announced by checked() or refused()
  /// (after the message box).
  void checkFile(const QString& ref);
  /// Compares the array read last with the main window's view now, on the rows, columns and
  /// tolerance in the fields. Nothing without an array.
  void recheck();
  /// Whether a read or comparison is running.
  [[nodiscard]] bool busy() const;

  /// Shows `report`, made for `target`, as a finished check would (tests build reports with
  /// slips this way). `given` says how the tolerance was chosen; `axis` is the series view's
  /// x and curves (ignored for a matrix view).
  void showReport(const CheckTarget& target, const posenc::CheckReport& report,
                  const posenc::SeriesResult& axis = {});
  /// The report shown, if any.
  [[nodiscard]] const std::optional<posenc::CheckReport>& report() const { return m_report; }
  /// The status as plain text (what the status label shows, without markup).
  [[nodiscard]] QString statusText() const;
  /// The diagnosis items' texts, in order.
  [[nodiscard]] QStringList diagnosisTexts() const;
  [[nodiscard]] CheckPlots& plots() { return *m_plots; }

  /// The rows, columns and tolerance fields (as a user types them; tests): "A:B", "A:" or
  /// empty.
  void setRegion(const QString& rows, const QString& cols);
  void setTolerance(const QString& rtol, const QString& atol);

  /// The arrays of an .npz or .safetensors file in their order; empty for other files.
  /// @throws posenc::FileError naming the file.
  [[nodiscard]] static QStringList arrayNames(const QString& file);

  /// The main window's text scale (1 = 100 %, presentation mode larger): the pictures' texts.
  void setFontScale(double scale);
  /// The main window's scheme, parameters or view changed: the row naming what is compared
  /// follows, and a note says the report is of other settings until Recheck.
  void targetChanged();
  /// The text of the row naming what a check compares with now (tests): scheme, view and
  /// every parameter.
  [[nodiscard]] QString targetText() const;
  /// Picks the scheme (its default parameters) or the view compared with: shown in the main
  /// window (one undo step), then the array read last is checked again.
  void pickScheme(const QString& schemeId);
  void pickView(const QString& viewId);

 signals:
  /// A report is shown (after checkFile, recheck or showReport).
  void checked();
  /// checkFile or recheck failed; `reason` names the file.
  void refused(const QString& reason);

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void hideEvent(QHideEvent* event) override;
  /// The main window's QEvent::Close: the geometry is saved (quitting does not hide this).
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  struct Job;
  struct Outcome;

  void buildControls(QVBoxLayout* layout);
  void retranslate();
  /// Starts `job` on a worker thread; its outcome is shown unless a newer job started since.
  /// Runs on a worker thread: reads the array (unless the job has it) and compares it.
  /// Never throws: a failure is the outcome's error.
  static Outcome runJob(Job job);
  void start(const Job& job);
  void finish(const Outcome& outcome, quint64 generation);
  void refuse(const QString& file, const QString& reason);
  /// The tolerance fields as options; false with the reason for a value that is not a number
  /// >= 0.
  bool readTolerance(posenc::CheckOptions& options, QString* reason) const;
  /// The Rows and Columns fields into `job`; false with the reason for a range that is not
  /// A:B (posenc::kIndexRangeAllowed).
  bool readRegion(Job& job, QString* reason) const;
  /// Builds the row naming and picking what is compared.
  void buildTarget(QVBoxLayout* layout);
  /// The scheme and view boxes and the parameters' text after the main window's target.
  void updateTarget();
  void pick(const CheckTarget& target, const QString& what);
  void showDiagnosis();
  void applySetting(const QString& setting);
  void updatePlaceholders();
  /// The Rows and Columns fields' greyed text: what the report compared ("all" before one).
  void updateRegionPlaceholders();
  /// The status label: the report's status, or what to do while there is none.
  void updateStatus();
  /// How the report shown was made, for its texts.
  [[nodiscard]] CheckGiven given() const;
  void updateStale();
  [[nodiscard]] QString whatText() const;

  Current m_current;
  Apply m_apply;
  CheckPlots* m_plots = nullptr;
  QPushButton* m_chooseButton = nullptr;
  QLabel* m_targetLabel = nullptr;
  QComboBox* m_schemeBox = nullptr;
  QComboBox* m_viewBox = nullptr;
  QLabel* m_paramsText = nullptr;
  QLabel* m_rowsLabel = nullptr;
  QLineEdit* m_rows = nullptr;
  QLabel* m_colsLabel = nullptr;
  QLineEdit* m_cols = nullptr;
  QLabel* m_rtolLabel = nullptr;
  QLineEdit* m_rtol = nullptr;
  QLabel* m_atolLabel = nullptr;
  QLineEdit* m_atol = nullptr;
  QPushButton* m_recheckButton = nullptr;
  QLabel* m_busy = nullptr;
  QLabel* m_status = nullptr;
  QLabel* m_stale = nullptr;
  QWidget* m_diagnosis = nullptr;
  QVBoxLayout* m_diagnosisLayout = nullptr;

  std::shared_ptr<const posenc::Against> m_against;  ///< The array read last.
  std::optional<posenc::CheckReport> m_report;
  CheckTarget m_target;      ///< What m_report was compared with.
  bool m_rtolGiven = false;  ///< m_report's tolerance was typed.
  bool m_atolGiven = false;
  quint64 m_generation = 0;  ///< The newest job started.
  int m_running = 0;         ///< Jobs still on a worker thread.
  double m_fontScale = 1.0;
  bool m_placed = false;  ///< The remembered geometry was applied (first show).
};

}  // namespace posenc::ui
