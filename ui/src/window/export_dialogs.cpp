// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/window/export_dialogs.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QVBoxLayout>
#include <qcustomplot.h>
#include <sstream>

#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/control/encoding_controller.h"
#include "posenc_ui/io/view_export.h"
#include "posenc_ui/modes/animation_view.h"
#include "posenc_ui/plot/plot_view.h"
#include "posenc_ui/window/session_actions.h"

namespace posenc::ui {

namespace {

/// The export dialogs' shape: their form, a wrapped note under it, Save and Cancel.
void layOutSaveDialog(QDialog& dialog, QFormLayout* form, QLabel* note) {
  note->setWordWrap(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, &dialog);
  auto* layout = new QVBoxLayout(&dialog);
  layout->addLayout(form);
  layout->addWidget(note);
  layout->addWidget(buttons);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
}

/// File > Export: where to, and at what size.
class ExportDialog : public QDialog {
 public:
  ExportDialog(QWidget* parent, const QString& suggested, const QString& what)
      : QDialog(parent),
        m_path(new QLineEdit(suggested, this)),
        m_width(new QSpinBox(this)),
        m_height(new QSpinBox(this)),
        m_dpi(new QSpinBox(this)),
        m_gray(new QCheckBox(ExportDialogs::tr("&Grayscale (for printing)"), this)) {
    setWindowTitle(ExportDialogs::tr("Export view"));
    auto* browse = new QPushButton(ExportDialogs::tr("Browse..."), this);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    m_width->setRange(64, 16384);
    m_height->setRange(64, 16384);
    m_dpi->setRange(24, 1200);
    m_width->setValue(1000);
    m_height->setValue(800);
    m_dpi->setValue(96);
    m_width->setSuffix(ExportDialogs::tr(" px"));
    m_height->setSuffix(ExportDialogs::tr(" px"));
    auto* form = new QFormLayout;
    form->addRow(ExportDialogs::tr("File"), pathRow);
    form->addRow(ExportDialogs::tr("Width"), m_width);
    form->addRow(ExportDialogs::tr("Height"), m_height);
    form->addRow(ExportDialogs::tr("PNG resolution (dpi)"), m_dpi);
    form->addRow(QString(), m_gray);
    m_gray->setToolTip(
        ExportDialogs::tr("Draws the picture with the 'gray' colour map, whatever the "
                          "window shows, so it prints without colour"));
    auto* note = new QLabel(what + ExportDialogs::tr(
                                       "\nThe extension picks the format: .png .svg .pdf draw the "
                                       "picture; .csv .npy .json write the numbers."),
                            this);
    layOutSaveDialog(*this, form, note);
    connect(browse, &QPushButton::clicked, this, [this] {
      const QString path = QFileDialog::getSaveFileName(
          this, ExportDialogs::tr("Export view"), m_path->text(),
          ExportDialogs::tr(
              "Pictures (*.png *.svg *.pdf);;Numbers (*.csv *.npy *.json);;All files (*)"));
      if (!path.isEmpty()) m_path->setText(path);
    });
    connect(m_path, &QLineEdit::textChanged, this, [this] { updateEnabled(); });
    updateEnabled();
  }
  QString path() const { return m_path->text(); }
  QSize size() const { return {m_width->value(), m_height->value()}; }
  double dpi() const { return m_dpi->value(); }
  bool grayscale() const { return m_gray->isChecked(); }

 private:
  void updateEnabled() {
    const bool picture = isPicturePath(m_path->text());
    m_width->setEnabled(picture);
    m_height->setEnabled(picture);
    m_dpi->setEnabled(picture &&
                      QFileInfo(m_path->text()).suffix().toLower() == QLatin1String("png"));
    m_gray->setEnabled(picture);
  }
  QLineEdit* m_path;
  QSpinBox* m_width;
  QSpinBox* m_height;
  QSpinBox* m_dpi;
  QCheckBox* m_gray;
};

/// Animation > Export frames: folder, number of frames, step and size.
class AnimationExportDialog : public QDialog {
 public:
  AnimationExportDialog(QWidget* parent, const QString& folder)
      : QDialog(parent),
        m_folder(new QLineEdit(folder, this)),
        m_frames(new QSpinBox(this)),
        m_step(new QDoubleSpinBox(this)),
        m_size(new QSpinBox(this)) {
    setWindowTitle(ExportDialogs::tr("Export animation frames"));
    auto* browse = new QPushButton(ExportDialogs::tr("&Browse..."), this);
    auto* row = new QHBoxLayout;
    row->addWidget(m_folder, 1);
    row->addWidget(browse);
    m_frames->setRange(1, 10000);
    m_frames->setValue(60);
    m_step->setRange(0.01, 1024);
    m_step->setDecimals(2);
    m_step->setValue(0.25);
    m_size->setRange(64, 4096);
    m_size->setValue(720);
    m_size->setSuffix(ExportDialogs::tr(" px"));
    auto* form = new QFormLayout;
    form->addRow(ExportDialogs::tr("&Folder"), row);
    form->addRow(ExportDialogs::tr("&Frames"), m_frames);
    form->addRow(ExportDialogs::tr("&Positions per frame"), m_step);
    form->addRow(ExportDialogs::tr("&Size (square)"), m_size);
    auto* note =
        new QLabel(ExportDialogs::tr("Writes frame_00000.png, frame_00001.png, ... from the "
                                     "current position; a video tool can join them."),
                   this);
    layOutSaveDialog(*this, form, note);
    connect(browse, &QPushButton::clicked, this, [this] {
      const QString dir =
          QFileDialog::getExistingDirectory(this, ExportDialogs::tr("Export animation frames"),
                                            m_folder->text());
      if (!dir.isEmpty()) m_folder->setText(dir);
    });
  }
  QString folder() const { return m_folder->text(); }
  int frames() const { return m_frames->value(); }
  double step() const { return m_step->value(); }
  int size() const { return m_size->value(); }

 private:
  QLineEdit* m_folder;
  QSpinBox* m_frames;
  QDoubleSpinBox* m_step;
  QSpinBox* m_size;
};

}  // namespace

ExportDialogs::ExportDialogs(QMainWindow* window, const EncodingController& controller,
                             Source source)
    : QObject(window), m_window(window), m_controller(controller), m_source(std::move(source)) {}

bool ExportDialogs::exportView(const QString& path, QSize size, double dpi, QString* error,
                               int slot, bool grayscale) {
  const ExportSource shown = m_source(slot);
  if (!shown.spec) return false;
  ExportRequest request;
  request.size = size;
  request.dpi = dpi;
  request.colormap = grayscale ? QStringLiteral("gray") : shown.colormap;
  request.model = shown.model;
  if (shown.spec->kind == ViewKind::Matrix && shown.plot->zoom()) {
    Region r = shown.plot->visibleRegion();
    request.region = Region{.r0 = r.r0, .r1 = r.r1, .c0 = r.c0, .c1 = r.c1};
  }
  try {
    std::ostringstream unused;
    posenc::ui::exportView(m_controller.scheme(), m_controller.params(), *shown.spec,
                           path.toStdString(), request, unused);
    rememberFolder(path);
    m_window->statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
  } catch (const std::exception& e) {
    return reportFailure(m_window, tr("Export failed"), e, error);
  }
}

void ExportDialogs::exportDialog() {
  const ExportSource shown = m_source(0);
  const QString suggested =
      lastFolder() +
      QStringLiteral("/%1_%2.png").arg(qs(m_controller.scheme().info().id), shown.view);
  QString what = tr("Exports the view '%1'").arg(shown.view);
  if (shown.plot->zoom()) {
    const Region r = shown.plot->visibleRegion();
    what += tr(" as zoomed: rows %1..%2, columns %3..%4.")
                .arg(r.r0)
                .arg(r.r1 - 1)
                .arg(r.c0)
                .arg(r.c1 - 1);
  } else {
    what += tr(", whole.");
  }
  ExportDialog dialog(m_window, suggested, what);
  if (dialog.exec() != QDialog::Accepted || dialog.path().isEmpty()) return;
  exportView(dialog.path(), dialog.size(), dialog.dpi(), nullptr, 0, dialog.grayscale());
}

void ExportDialogs::exportAllViews() {
  const QString folder =
      QFileDialog::getExistingDirectory(m_window, tr("Export all views to"), lastFolder());
  if (folder.isEmpty()) return;
  bool ok = false;
  const QString format =
      QInputDialog::getItem(m_window, tr("Format"), tr("Write every view as:"),
                            {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf"),
                             QStringLiteral("csv"), QStringLiteral("npy"), QStringLiteral("json")},
                            0, false, &ok);
  if (!ok) return;
  QStringList failures;
  int written = 0;
  const Scheme& scheme = m_controller.scheme();
  const QString colormap = m_source(0).colormap;
  const QString model = m_source(0).model;
  for (const ViewSpec& v : scheme.info().views) {
    const QString path = QDir(folder).filePath(
        QStringLiteral("%1_%2.%3").arg(qs(scheme.info().id), qs(v.id), format));
    try {
      ExportRequest request;
      request.colormap = colormap;
      request.model = model;
      std::ostringstream unused;
      posenc::ui::exportView(scheme, m_controller.params(), v, path.toStdString(), request, unused);
      ++written;
    } catch (const std::exception& e) {
      failures << qs(v.id) + QStringLiteral(": ") + errorMessage(e);
    }
  }
  rememberFolder(folder + QStringLiteral("/x"));
  if (failures.isEmpty())
    m_window->statusBar()->showMessage(
        tr("Wrote %1 files to %2").arg(written).arg(QDir::toNativeSeparators(folder)), 8000);
  else
    QMessageBox::warning(m_window, tr("Some views were not exported"),
                         failures.join(QLatin1Char('\n')));
}

void ExportDialogs::copyPicture() {
  QApplication::clipboard()->setPixmap(m_source(0).plot->plot().toPixmap());
  m_window->statusBar()->showMessage(tr("Picture copied to the clipboard"), 3000);
}

void ExportDialogs::animationExportDialog(const AnimationView& animation) {
  AnimationExportDialog dialog(m_window, lastFolder() + QStringLiteral("/frames"));
  if (dialog.exec() != QDialog::Accepted || dialog.folder().isEmpty()) return;
  exportAnimation(animation, dialog.folder(), dialog.frames(), dialog.step(), dialog.size(),
                  nullptr);
}

bool ExportDialogs::exportAnimation(const AnimationView& animation, const QString& dir, int frames,
                                    double step, int size, QString* error) {
  const std::string& scheme = animation.scheme();
  auto fail = [&](const QString& reason) {
    if (error) *error = reason;
    else QMessageBox::warning(m_window, tr("Animation export failed"), reason);
    return false;
  };
  if (!hasAnimation(scheme)) return fail(tr("The current scheme has no animation."));
  if (frames < 1 || !(step > 0) || size < 16)
    return fail(tr("Choose at least one frame, a positive step and a size of 16 px or more."));
  if (!QDir().mkpath(dir))
    return fail(tr("Cannot create the folder %1").arg(QDir::toNativeSeparators(dir)));
  try {
    const double first = animation.position();
    // Half a step of slack, so rounding never drops the last frame.
    const double last = first + (frames - 1) * step + step / 2;
    const int written = exportAnimationFrames(dir, scheme, animation.params(), first, last, step,
                                              animation.gap(), QSize(size, size));
    rememberFolder(dir + QStringLiteral("/x"));
    m_window->statusBar()->showMessage(
        tr("Wrote %1 frames to %2").arg(written).arg(QDir::toNativeSeparators(dir)), 8000);
    return true;
  } catch (const std::exception& e) {
    return fail(errorMessage(e));
  }
}

}  // namespace posenc::ui
