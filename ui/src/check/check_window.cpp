// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/check/check_window.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleValidator>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <exception>
#include <utility>

#include "posenc/base/scheme.hpp"
#include "posenc/tensors/tensor_file.hpp"
#include "posenc_ui/check/check_plots.h"
#include "posenc_ui/check/check_summary.h"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/settings_keys.h"
#include "posenc_ui/common/translation.h"

namespace posenc::ui {

namespace {

const posenc::MessageTemplate kKeyValue{"KEY=VALUE"};

}  // namespace

/// Everything a worker needs, copied: it never touches the window.
struct CheckWindow::Job {
  QString ref;                                     ///< Read when `against` is null.
  std::shared_ptr<const posenc::Against> against;  ///< The array read before (Recheck).
  CheckTarget target;
  CheckOptions options;            ///< The tolerance typed, if any.
  std::optional<IndexRange> rows;  ///< The Rows field; unset: checkRegion's rule.
  std::optional<IndexRange> cols;
  bool rtolGiven = false;
  bool atolGiven = false;
};

struct CheckWindow::Outcome {
  Job job;
  std::shared_ptr<const posenc::Against> against;
  CheckReport report;
  SeriesResult axis;
  std::exception_ptr error;
};

CheckWindow::Outcome CheckWindow::runJob(Job job) {
  Outcome out;
  try {
    out.against = job.against ? job.against
                              : std::make_shared<const Against>(readAgainst(job.ref.toStdString()));
    const Scheme& scheme = findScheme(job.target.scheme.toStdString());
    const std::string view = job.target.view.toStdString();
    // The command line's one check (posenc check): the same region, the same verdict.
    job.options.layer = job.target.layer;  // as posenc check --layer passes it
    out.report =
        checkView(scheme, job.target.params, view, *out.against, job.options, job.rows, job.cols);
    if (findView(scheme, view).kind == ViewKind::Series)
      out.axis = scheme.series(job.target.params, view);
  } catch (...) {
    out.error = std::current_exception();
  }
  out.job = std::move(job);
  return out;
}

CheckWindow::CheckWindow(QWidget* mainWindow, Current current, Apply apply)
    : QWidget(mainWindow, Qt::Window), m_current(std::move(current)), m_apply(std::move(apply)) {
  setObjectName(QStringLiteral("CheckWindow"));
  // The main window's font (text size, presentation mode) and palette, as a dock would have.
  setAttribute(Qt::WA_WindowPropagation);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(10, 6, 10, 6);  // the pictures take what the texts leave
  layout->setSpacing(4);
  buildTarget(layout);
  buildControls(layout);
  m_status = new QLabel(this);
  m_status->setObjectName(QStringLiteral("CheckStatus"));
  m_status->setTextFormat(Qt::RichText);
  m_status->setWordWrap(true);
  m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_status);
  m_stale = new QLabel(this);
  m_stale->setObjectName(QStringLiteral("CheckStale"));
  m_stale->setWordWrap(true);
  m_stale->setStyleSheet(QStringLiteral("QLabel { color: #8a5300; }"));
  m_stale->hide();
  layout->addWidget(m_stale);
  m_diagnosis = new QWidget(this);
  m_diagnosis->setObjectName(QStringLiteral("CheckDiagnosis"));
  m_diagnosisLayout = new QVBoxLayout(m_diagnosis);
  m_diagnosisLayout->setContentsMargins(0, 0, 0, 0);
  m_diagnosisLayout->setSpacing(4);
  m_diagnosis->hide();
  layout->addWidget(m_diagnosis);
  m_plots = new CheckPlots(this);
  layout->addWidget(m_plots, 1);
  retranslate();
  // Quitting destroys this window without hiding it: its geometry is saved as the main
  // window closes.
  if (mainWindow) mainWindow->installEventFilter(this);
}

CheckWindow::~CheckWindow() = default;

void CheckWindow::buildControls(QVBoxLayout* layout) {
  // One row, so that the pictures keep the height of a projector's 1024 x 768: the file is
  // named by the status under it (its whole path in the status' tooltip).
  m_chooseButton = new QPushButton(this);
  m_chooseButton->setObjectName(QStringLiteral("CheckChooseFile"));
  connect(m_chooseButton, &QPushButton::clicked, this, &CheckWindow::chooseFile);
  m_busy = new QLabel(this);
  auto* fields = new QHBoxLayout;
  fields->addWidget(m_chooseButton);
  fields->addSpacing(16);
  m_rowsLabel = new QLabel(this);
  m_colsLabel = new QLabel(this);
  m_rows = new QLineEdit(this);
  m_cols = new QLineEdit(this);
  m_rows->setObjectName(QStringLiteral("CheckRows"));
  m_cols->setObjectName(QStringLiteral("CheckColumns"));
  for (QLineEdit* edit : {m_rows, m_cols}) {
    edit->setClearButtonEnabled(true);
    edit->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("000000:000000")));
    connect(edit, &QLineEdit::returnPressed, this, &CheckWindow::recheck);
  }
  m_rowsLabel->setBuddy(m_rows);
  m_colsLabel->setBuddy(m_cols);
  m_rtolLabel = new QLabel(QStringLiteral("rtol"), this);
  m_atolLabel = new QLabel(QStringLiteral("atol"), this);
  m_rtol = new QLineEdit(this);
  m_atol = new QLineEdit(this);
  m_rtol->setObjectName(QStringLiteral("CheckRtol"));
  m_atol->setObjectName(QStringLiteral("CheckAtol"));
  for (QLineEdit* edit : {m_rtol, m_atol}) {
    auto* validator = new QDoubleValidator(0.0, 1e300, 17, edit);
    validator->setNotation(QDoubleValidator::ScientificNotation);
    validator->setLocale(QLocale::c());
    edit->setValidator(validator);
    edit->setClearButtonEnabled(true);
    edit->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0000000000000")));
    connect(edit, &QLineEdit::returnPressed, this, &CheckWindow::recheck);
  }
  m_recheckButton = new QPushButton(this);
  m_recheckButton->setObjectName(QStringLiteral("CheckRecheck"));
  m_recheckButton->setEnabled(false);
  connect(m_recheckButton, &QPushButton::clicked, this, &CheckWindow::recheck);
  fields->addWidget(m_rowsLabel);
  fields->addWidget(m_rows);
  fields->addWidget(m_colsLabel);
  fields->addWidget(m_cols);
  fields->addSpacing(16);
  fields->addWidget(m_rtolLabel);
  fields->addWidget(m_rtol);
  fields->addWidget(m_atolLabel);
  fields->addWidget(m_atol);
  fields->addSpacing(16);
  fields->addWidget(m_recheckButton);
  fields->addWidget(m_busy);
  fields->addStretch(1);
  layout->addLayout(fields);
}

void CheckWindow::retranslate() {
  setWindowTitle(tr("Check Against File"));
  m_chooseButton->setText(tr("Choose File..."));
  m_targetLabel->setText(tr("Compare with:"));
  m_schemeBox->setToolTip(tr("The scheme your array is compared with (shown in the main window)"));
  m_viewBox->setToolTip(tr("The view your array is compared with (shown in the main window)"));
  m_rowsLabel->setText(tr("&Rows:"));
  m_colsLabel->setText(tr("Co&lumns:"));
  const QString range =
      tr("The part of the view your array holds, as posenc check's --rows and --cols: A:B "
         "(rows A to B − 1), A: (from A to the end). Empty: the whole view, or the region "
         "our own JSON export says.");
  for (QWidget* w : {static_cast<QWidget*>(m_rowsLabel), static_cast<QWidget*>(m_rows),
                     static_cast<QWidget*>(m_colsLabel), static_cast<QWidget*>(m_cols)})
    w->setToolTip(range);
  const QString rule =
      tr("A cell matches when |yours − ours| ≤ atol + rtol · |ours|. Empty: the "
         "default for the file's dtype (torch.testing's).");
  m_rtol->setToolTip(rule);
  m_atol->setToolTip(rule);
  m_recheckButton->setText(tr("Rechec&k"));
  m_recheckButton->setToolTip(
      tr("Compare the file again with the main window's view, rows, columns and tolerance "
         "now"));
  if (m_running > 0) m_busy->setText(tr("checking..."));
  updateTarget();
  updatePlaceholders();
  updateRegionPlaceholders();
  updateStatus();
  showDiagnosis();
  updateStale();
}

void CheckWindow::updateStatus() {
  if (m_report) {
    m_status->setText(CheckSummary::statusHtml(*m_report, given(), whatText()));
    m_status->setToolTip(tr("File: %1").arg(QDir::toNativeSeparators(qs(m_report->file))));
  } else {
    m_status->setText(
        tr("No file yet: choose an array of the view shown in the main window "
           "(.npy, .npz, .safetensors, .csv or our JSON export)."));
    m_status->setToolTip(QString());
  }
}

CheckGiven CheckWindow::given() const {
  bool series = false;
  if (m_report) {
    const Scheme& scheme = findScheme(m_target.scheme.toStdString());
    series = findView(scheme, m_target.view.toStdString()).kind == ViewKind::Series;
  }
  return {m_rtolGiven, m_atolGiven, m_against ? m_against->textDigits : 0, series};
}

void CheckWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

// ---------------------------------------------------------------------------------------------
// Geometry

void CheckWindow::showEvent(QShowEvent* event) {
  if (!m_placed) {
    m_placed = true;
    const QByteArray saved = QSettings().value(settings::kCheckGeometry).toByteArray();
    if (saved.isEmpty() || !restoreGeometry(saved)) {
      // Three pictures side by side, at the right of the screen: the main window's parameter
      // panel (at its left) stays in sight, since that is where what is compared is changed.
      const QScreen* screen =
          parentWidget() ? parentWidget()->screen() : QGuiApplication::primaryScreen();
      const QRect avail = screen ? screen->availableGeometry() : QRect(0, 0, 1280, 800);
      // On a projector's 1024 x 768 the pictures need nearly all of it (the row above them
      // names what is compared); from 1366 wide on, about three quarters.
      const int wide = std::max(static_cast<int>(avail.width() * 0.72),
                                std::min(static_cast<int>(avail.width() * 0.94), 1000));
      const QSize size(std::min(wide, 1500),
                       std::min(static_cast<int>(avail.height() * 0.92), 1040));
      resize(size);
      move(avail.right() - size.width() + 1 - 8,
           avail.top() + (avail.height() - size.height()) / 2);
    }
  }
  QWidget::showEvent(event);
}

void CheckWindow::hideEvent(QHideEvent* event) {
  QSettings().setValue(settings::kCheckGeometry, saveGeometry());
  QWidget::hideEvent(event);
}

bool CheckWindow::eventFilter(QObject* watched, QEvent* event) {
  if (watched == parent() && event->type() == QEvent::Close && isVisible())
    QSettings().setValue(settings::kCheckGeometry, saveGeometry());
  return QWidget::eventFilter(watched, event);
}

void CheckWindow::setFontScale(double scale) {
  m_fontScale = scale;
  m_plots->setFontScale(scale);
}

// ---------------------------------------------------------------------------------------------
// Files and jobs

QStringList CheckWindow::arrayNames(const QString& file) {
  const std::filesystem::path path(file.toStdString());
  const QString lower = file.toLower();
  QStringList names;
  if (lower.endsWith(QLatin1String(".npz"))) {
    for (const std::string& name : npzNames(path)) names << qs(name);
  } else if (lower.endsWith(QLatin1String(".safetensors"))) {
    const SafetensorsFile tensors(path);
    for (const TensorEntry& entry : tensors.tensors()) names << qs(entry.name);
  }
  return names;
}

void CheckWindow::chooseFile() {
  show();
  raise();
  activateWindow();
  QSettings settings;
  QString folder = settings.value(settings::kLastFolder).toString();
  if (folder.isEmpty()) folder = QDir::homePath();
  const QString file = QFileDialog::getOpenFileName(
      this, tr("Check Against File"), folder,
      tr("Arrays (*.npy *.npz *.safetensors *.csv *.json);;All files (*)"));
  if (file.isEmpty()) return;
  settings.setValue(settings::kLastFolder, QFileInfo(file).absolutePath());
  QString ref = file;
  QStringList names;
  try {
    names = arrayNames(file);
  } catch (const std::exception& e) {
    refuse(file, errorMessage(e));
    return;
  }
  if (names.size() > 1) {
    bool ok = false;
    const QString name = QInputDialog::getItem(this, tr("Which array?"),
                                               tr("%1 holds %2 arrays. Which one is the view's?")
                                                   .arg(QFileInfo(file).fileName())
                                                   .arg(names.size()),
                                               names, 0, false, &ok);
    if (!ok || name.isEmpty()) return;
    ref += QLatin1Char(':') + name;
  }
  checkFile(ref);
}

void CheckWindow::checkFile(const QString& ref) {
  Job job;
  job.ref = ref;
  job.target = m_current();
  QString reason;
  if (!readRegion(job, &reason) || !readTolerance(job.options, &reason)) {
    refuse(ref, reason);
    return;
  }
  job.rtolGiven = job.options.rtol.has_value();
  job.atolGiven = job.options.atol.has_value();
  start(job);
}

void CheckWindow::recheck() {
  if (!m_against) return;
  Job job;
  job.against = m_against;
  job.target = m_current();
  QString reason;
  if (!readRegion(job, &reason) || !readTolerance(job.options, &reason)) {
    refuse(qs(m_against->file), reason);
    return;
  }
  job.rtolGiven = job.options.rtol.has_value();
  job.atolGiven = job.options.atol.has_value();
  start(job);
}

bool CheckWindow::busy() const { return m_running > 0; }

void CheckWindow::start(const Job& job) {
  const quint64 generation = ++m_generation;  // a newer job's outcome replaces this one's
  ++m_running;
  m_busy->setText(tr("checking..."));
  auto* watcher = new QFutureWatcher<Outcome>(this);
  connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, generation] {
    --m_running;
    if (m_running == 0) m_busy->clear();
    const Outcome outcome = watcher->result();
    watcher->deleteLater();
    finish(outcome, generation);
  });
  watcher->setFuture(QtConcurrent::run(&CheckWindow::runJob, job));
}

void CheckWindow::finish(const Outcome& outcome, quint64 generation) {
  if (generation != m_generation) return;  // a newer check was asked for meanwhile
  const QString file = outcome.job.against ? qs(outcome.job.against->file) : outcome.job.ref;
  if (outcome.error) {
    refuse(file, errorMessage(outcome.error));
    return;
  }
  m_against = outcome.against;
  m_rtolGiven = outcome.job.rtolGiven;
  m_atolGiven = outcome.job.atolGiven;
  m_recheckButton->setEnabled(true);
  showReport(outcome.job.target, outcome.report, outcome.axis);
}

void CheckWindow::refuse(const QString& file, const QString& reason) {
  // Window-modal without a nested event loop: the window stays as it was behind it.
  auto* box = new QMessageBox(QMessageBox::Warning, tr("Cannot check"),
                              tr("%1 was not checked.").arg(QDir::toNativeSeparators(file)) +
                                  QStringLiteral("\n\n") + reason,
                              QMessageBox::Ok, this);
  box->setObjectName(QStringLiteral("CheckRefused"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
  emit refused(reason);
}

bool CheckWindow::readTolerance(CheckOptions& options, QString* reason) const {
  for (const auto& [edit, name] : {std::pair{m_rtol, "rtol"}, std::pair{m_atol, "atol"}}) {
    const QString text = edit->text().trimmed();
    if (text.isEmpty()) continue;
    bool ok = false;
    const double value = QLocale::c().toDouble(text, &ok);
    if (!ok || !std::isfinite(value) || value < 0) {
      *reason = tr("%1 = '%2': must be a number ≥ 0, or empty for the dtype's default")
                    .arg(QLatin1String(name), text);
      return false;
    }
    (edit == m_rtol ? options.rtol : options.atol) = value;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// The report

void CheckWindow::showReport(const CheckTarget& target, const CheckReport& report,
                             const SeriesResult& axis) {
  m_report = report;
  m_target = target;
  const Scheme& scheme = findScheme(target.scheme.toStdString());
  const ViewSpec& spec = findView(scheme, target.view.toStdString());
  updateStatus();
  if (report.shapeMatches && report.yours.size() > 0) {
    m_plots->setReport(spec, report, axis);
  } else if (std::any_of(report.diagnosis.begin(), report.diagnosis.end(),
                         [](const Slip& s) { return s.explains; })) {
    m_plots->setMessage(
        tr("The shapes differ: yours %1, ours %2. The diagnosis above says what yours is.")
            .arg(CheckSummary::shape(report.yoursShape), CheckSummary::shape(report.oursShape)));
  } else {
    m_plots->setMessage(
        tr("The shapes differ: yours %1, ours %2. Set the rows and columns your array "
           "holds, or the parameters, so that they agree, then Recheck.")
            .arg(CheckSummary::shape(report.yoursShape), CheckSummary::shape(report.oursShape)));
  }
  showDiagnosis();
  updatePlaceholders();
  updateRegionPlaceholders();
  updateStale();
  emit checked();
}

QString CheckWindow::whatText() const {
  if (!m_report) return {};
  const Scheme& scheme = findScheme(m_target.scheme.toStdString());
  const ViewSpec& spec = findView(scheme, m_target.view.toStdString());
  return tr("%1 against %2").arg(QFileInfo(qs(m_report->file)).fileName(), coreText(spec.title));
}

QString CheckWindow::statusText() const {
  return m_report ? CheckSummary::statusText(*m_report, given(), whatText()) : QString();
}

void CheckWindow::showDiagnosis() {
  while (QLayoutItem* item = m_diagnosisLayout->takeAt(0)) {
    delete item->widget();
    delete item;
  }
  // Shapes that differ have a diagnosis too (transposed, one row more, another layer's view);
  // without one the status line has said it all.
  const bool shown = m_report && !m_report->matches() && !m_report->randomStandIns &&
                     (m_report->shapeMatches || !m_report->diagnosis.empty());
  m_diagnosis->setVisible(shown);
  if (!shown) return;
  auto* heading = new QLabel(m_diagnosis);
  heading->setTextFormat(Qt::RichText);
  m_diagnosisLayout->addWidget(heading);
  if (m_report->diagnosis.empty()) {
    heading->setText(
        QStringLiteral("<b>%1</b> %2")
            .arg(tr("Diagnosis:"), tr("no usual slip reproduces your numbers.").toHtmlEscaped()));
    return;
  }
  heading->setText(QStringLiteral("<b>%1</b>").arg(tr("Diagnosis:")));
  for (const Slip& slip : m_report->diagnosis) {
    auto* row = new QWidget(m_diagnosis);
    auto* line = new QHBoxLayout(row);
    line->setContentsMargins(12, 0, 0, 0);
    auto* text = new QLabel(QStringLiteral("• ") + CheckSummary::slipText(slip), row);
    text->setObjectName(QStringLiteral("CheckSlip"));
    text->setToolTip(CheckSummary::slipDetail(slip));  // the core's sentence with its numbers
    text->setWordWrap(true);
    text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    line->addWidget(text, 1);
    if (!slip.setting.empty()) {
      const QString setting = qs(slip.setting);
      auto* apply = new QPushButton(tr("Apply %1").arg(setting), row);
      apply->setObjectName(QStringLiteral("ApplySetting"));
      apply->setToolTip(
          tr("Set %1 in the main window (one undo step) and check again").arg(setting));
      connect(apply, &QPushButton::clicked, this, [this, setting] { applySetting(setting); });
      line->addWidget(apply, 0, Qt::AlignTop);
    }
    m_diagnosisLayout->addWidget(row);
  }
}

QStringList CheckWindow::diagnosisTexts() const {
  QStringList texts;
  for (const QLabel* label : m_diagnosis->findChildren<QLabel*>(QStringLiteral("CheckSlip")))
    texts << label->text();
  return texts;
}

void CheckWindow::applySetting(const QString& setting) {
  CheckTarget target = m_target;
  QString first;
  try {
    const Scheme& scheme = findScheme(target.scheme.toStdString());
    static const QRegularExpression separators(QStringLiteral("[\\s,;]+"));
    for (const QString& part : setting.split(separators, Qt::SkipEmptyParts)) {
      const qsizetype eq = part.indexOf(QLatin1Char('='));
      if (eq <= 0) throw ParamError("setting", part.toStdString(), Message(kKeyValue));
      const QString key = part.left(eq);
      const ParamSpec& spec = findParam(scheme, key.toStdString());
      target.params.set(spec.id, parseValue(spec, part.mid(eq + 1).toStdString()));
      if (first.isEmpty()) first = key;
    }
    validateParams(scheme, target.params);
  } catch (const std::exception& e) {
    refuse(m_report ? qs(m_report->file) : QString(), errorMessage(e));
    return;
  }
  if (first.isEmpty()) return;
  m_apply(target, first);
  recheck();
}

void CheckWindow::updatePlaceholders() {
  if (!m_against) {
    m_rtol->setPlaceholderText(tr("dtype default"));
    m_atol->setPlaceholderText(tr("dtype default"));
    return;
  }
  const Tolerance t = defaultTolerance(toleranceType(*m_against));
  m_rtol->setPlaceholderText(tr("default %1").arg(CheckSummary::number(t.rtol)));
  m_atol->setPlaceholderText(tr("default %1").arg(CheckSummary::number(t.atol)));
}

void CheckWindow::updateRegionPlaceholders() {
  // What was compared, greyed, until the person types a range of their own.
  if (!m_report || !m_report->shapeMatches) {
    m_rows->setPlaceholderText(tr("all"));
    m_cols->setPlaceholderText(tr("all"));
    return;
  }
  const auto span = [](Index start, Index size) {
    return QStringLiteral("%1:%2").arg(start).arg(start + size);
  };
  m_rows->setPlaceholderText(span(m_report->rowStart, m_report->oursShape.rows));
  m_cols->setPlaceholderText(span(m_report->colStart, m_report->oursShape.cols));
}

bool CheckWindow::readRegion(Job& job, QString* reason) const {
  for (const auto& [edit, name] : {std::pair{m_rows, "rows"}, std::pair{m_cols, "cols"}}) {
    const QString text = edit->text().trimmed();
    if (text.isEmpty()) continue;
    const std::optional<IndexRange> range = parseIndexRange(text.toStdString());
    if (!range) {
      // The command line's words for the same mistake (--rows / --cols), in the ui's language.
      *reason = errorMessage(ParamError(name, text.toStdString(), Message(kIndexRangeAllowed)));
      return false;
    }
    (edit == m_rows ? job.rows : job.cols) = range;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// What is compared

void CheckWindow::buildTarget(QVBoxLayout* layout) {
  auto* row = new QHBoxLayout;
  m_targetLabel = new QLabel(this);
  m_schemeBox = new QComboBox(this);
  m_schemeBox->setObjectName(QStringLiteral("CheckScheme"));
  m_viewBox = new QComboBox(this);
  m_viewBox->setObjectName(QStringLiteral("CheckView"));
  // Long names (a scheme's paper, a view's formula) must not widen the window past a
  // projector's screen: the boxes show what fits, their lists the whole names.
  for (QComboBox* box : {m_schemeBox, m_viewBox}) {
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(22);
    box->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  }
  m_paramsText = new QLabel(this);
  m_paramsText->setObjectName(QStringLiteral("CheckParams"));
  m_paramsText->setWordWrap(true);
  m_paramsText->setTextInteractionFlags(Qt::TextSelectableByMouse);
  row->addWidget(m_targetLabel);
  row->addWidget(m_schemeBox, 1);
  row->addWidget(m_viewBox, 1);
  layout->addLayout(row);
  layout->addWidget(m_paramsText);
  connect(m_schemeBox, &QComboBox::activated, this,
          [this](int k) { pickScheme(m_schemeBox->itemData(k).toString()); });
  connect(m_viewBox, &QComboBox::activated, this,
          [this](int k) { pickView(m_viewBox->itemData(k).toString()); });
}

void CheckWindow::updateTarget() {
  if (!m_current) return;
  const CheckTarget now = m_current();
  if (now.scheme.isEmpty()) return;  // no main window to compare with (yet)
  const Scheme& scheme = findScheme(now.scheme.toStdString());
  {
    const QSignalBlocker block(m_schemeBox);
    if (m_schemeBox->count() != static_cast<int>(allSchemes().size())) {
      m_schemeBox->clear();
      for (const auto& s : allSchemes())
        m_schemeBox->addItem(coreText(s->info().name), qs(s->info().id));
    }
    m_schemeBox->setCurrentIndex(m_schemeBox->findData(now.scheme));
  }
  {
    const QSignalBlocker block(m_viewBox);
    m_viewBox->clear();
    for (const ViewSpec& v : scheme.info().views)
      m_viewBox->addItem(QStringLiteral("%1: %2").arg(viewTabText(v.id), coreText(v.title)),
                         qs(v.id));
    m_viewBox->setCurrentIndex(m_viewBox->findData(now.view));
  }
  // Every parameter as the command line spells it (--set KEY=VALUE), so the person can repeat
  // the check with posenc check.
  QStringList sets;
  for (const auto& [id, value] : now.params.items())
    sets << QStringLiteral("%1=%2").arg(qs(id), qs(formatValue(value)));
  m_paramsText->setText(sets.join(QStringLiteral("  ")));
  m_paramsText->setToolTip(tr("The parameters compared with (the main window's): %1")
                               .arg(sets.join(QStringLiteral(" "))));
}

QString CheckWindow::targetText() const {
  return QStringLiteral("%1 | %2 | %3")
      .arg(m_schemeBox->currentData().toString(), m_viewBox->currentData().toString(),
           m_paramsText->text());
}

void CheckWindow::pickScheme(const QString& schemeId) {
  const CheckTarget now = m_current();
  if (schemeId.isEmpty() || schemeId == now.scheme) return;
  const Scheme& scheme = findScheme(schemeId.toStdString());
  CheckTarget target{schemeId, makeParams(scheme, {}), qs(scheme.info().views.front().id)};
  pick(target, tr("scheme"));
}

void CheckWindow::pickView(const QString& viewId) {
  CheckTarget target = m_current();
  if (viewId.isEmpty() || viewId == target.view) return;
  target.view = viewId;
  pick(target, tr("view"));
}

void CheckWindow::pick(const CheckTarget& target, const QString& what) {
  m_apply(target, what);
  updateTarget();
  if (m_against) recheck();
}

void CheckWindow::targetChanged() {
  updateTarget();
  if (m_report) updateStale();
}

void CheckWindow::updateStale() {
  bool stale = false;
  if (m_report) {
    const CheckTarget now = m_current();
    stale = now.scheme != m_target.scheme || now.view != m_target.view ||
            !(now.params == m_target.params);
  }
  m_stale->setText(
      tr("The main window shows other settings now than this check compared "
         "with; Recheck compares with them."));
  m_stale->setVisible(stale);
}

void CheckWindow::setRegion(const QString& rows, const QString& cols) {
  m_rows->setText(rows);
  m_cols->setText(cols);
}

void CheckWindow::setTolerance(const QString& rtol, const QString& atol) {
  m_rtol->setText(rtol);
  m_atol->setText(atol);
}

}  // namespace posenc::ui
