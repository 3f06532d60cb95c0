// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/window/classroom_controller.h"

#include <algorithm>

#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "posenc/io/data_io.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/settings_keys.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/io/lesson.h"
#include "posenc_ui/layout/presentation.h"
#include "posenc_ui/modes/animation_view.h"
#include "posenc_ui/panels/explanation_panel.h"
#include "posenc_ui/panels/lesson_panel.h"
#include "posenc_ui/panels/readout_panel.h"
#include "posenc_ui/plot/plot_view.h"
#include "posenc_ui/window/session_actions.h"
#include "posenc_ui/window/view_grid.h"

namespace posenc::ui {

ClassroomController::ClassroomController(QMainWindow* window, const EncodingController& controller,
                                         QWidget* explorePage, ShownView shownView)
    : QObject(window),
      m_window(window),
      m_controller(controller),
      m_shownView(std::move(shownView)) {
  buildCentral(explorePage);
  // Compare: page 1 of the mode stack.
  m_compare = new CompareView(m_modes);
  addPage(m_compare);
  buildAnimatePage();
}

void ClassroomController::addPage(QWidget* page) {
  // Each page scrolls when the central area is smaller than the page's minimum size (Compare's
  // four panels at 1024 x 768, a grid in presentation mode at a large text size): a page can
  // never widen the window past the screen or squeeze the docks. Most of the time the page
  // fits and no scroll bar shows.
  auto* scroll = new QScrollArea(m_modes);
  scroll->setObjectName(page->objectName().isEmpty()
                            ? QStringLiteral("PageScroll")
                            : page->objectName() + QStringLiteral("Scroll"));
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidgetResizable(true);
  scroll->setWidget(page);
  m_modes->addWidget(scroll);
}

void ClassroomController::buildCentral(QWidget* explorePage) {
  // Explore is page 0 of the mode stack; the caption strip above the stack shows the lesson
  // step in presentation mode.
  auto* host = new QWidget(m_window);
  host->setObjectName(QStringLiteral("CentralHost"));
  auto* hostLayout = new QVBoxLayout(host);
  hostLayout->setContentsMargins(0, 0, 0, 0);
  hostLayout->setSpacing(0);
  m_caption = new QLabel(host);
  m_caption->setObjectName(QStringLiteral("LessonCaption"));
  m_caption->setWordWrap(true);
  m_caption->setTextFormat(Qt::RichText);
  m_caption->setStyleSheet(QStringLiteral(
      "QLabel#LessonCaption { background: #fff6c8; color: black; padding: 10px 16px; "
      "border-bottom: 3px solid #202020; }"));
  m_caption->hide();
  m_modes = new QStackedWidget(host);
  addPage(explorePage);
  hostLayout->addWidget(m_caption);
  hostLayout->addWidget(m_modes, 1);
  m_window->setCentralWidget(host);
}

void ClassroomController::buildAnimatePage() {
  // Animate: page 2, with a note and one click to RoPE for schemes without an animation.
  auto* animate = new QWidget(m_modes);
  auto* av = new QVBoxLayout(animate);
  av->setContentsMargins(4, 4, 4, 4);
  auto* noteRow = new QHBoxLayout;
  m_animationNote = new QLabel(animate);
  m_animationNote->setWordWrap(true);
  m_toRope = new QPushButton(animate);
  m_toRope->setObjectName(QStringLiteral("SwitchToRope"));
  noteRow->addWidget(m_animationNote, 1);
  noteRow->addWidget(m_toRope);
  m_animation = new AnimationView(animate);
  av->addLayout(noteRow);
  av->addWidget(m_animation, 1);
  addPage(animate);
  connect(m_toRope, &QPushButton::clicked, this,
          [this] { emit schemeRequested(offeredAnimation()); });
}

void ClassroomController::addDocks(QDockWidget* readoutDock, ReadoutPanel* readout) {
  m_readout = readout;
  // Lessons: hidden until asked for (View menu); shown in the right dock area.
  m_lessonsDock = new QDockWidget(m_window);
  m_lessonsDock->setObjectName(QStringLiteral("LessonsDock"));
  m_lessons = new LessonPanel(m_lessonsDock);
  m_lessons->setLanguage(currentLanguage());
  m_lessonsDock->setWidget(m_lessons);
  m_window->addDockWidget(Qt::RightDockWidgetArea, m_lessonsDock);
  m_lessonsDock->hide();
  connect(m_lessons, &LessonPanel::stepActivated, this, &ClassroomController::onLessonStep);
  connect(m_lessons, &LessonPanel::openLessonFileRequested, this,
          &ClassroomController::openLessonDialog);
  connect(m_lessonsDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
    if (visible) onLessonsShown();
  });
  reloadLessonFiles();
  restoreLessonPosition();

  // Explanation: under the readout, shown by default.
  m_explanationDock = new QDockWidget(m_window);
  m_explanationDock->setObjectName(QStringLiteral("ExplanationDock"));
  auto* scroll = new QScrollArea(m_explanationDock);
  m_explanation = new ExplanationPanel(scroll);
  m_explanation->setLanguage(currentLanguage());
  scroll->setWidget(m_explanation);
  scroll->setWidgetResizable(true);
  m_explanationDock->setWidget(scroll);
  m_window->addDockWidget(Qt::RightDockWidgetArea, m_explanationDock);
  m_window->splitDockWidget(readoutDock, m_explanationDock, Qt::Vertical);
  m_window->resizeDocks({readoutDock, m_explanationDock}, {260, 560}, Qt::Vertical);
  m_window->resizeDocks({m_explanationDock}, {340}, Qt::Horizontal);
  connect(m_readout, &ReadoutPanel::cellExplained, this,
          [this](Index row, Index col, double value, const std::vector<Term>& terms) {
            if (m_hoverActive) m_explanation->setHoveredCell(row, col, value, terms);
          });
}

// ----------------------------------------------------------------------------------------------
// Lessons

void ClassroomController::reloadLessonFiles() {
  // The lesson files a teacher opened come back at the next start, next to the built-in
  // ones; a file moved or broken since is left out and forgotten, without a message box at
  // start-up (opening it again says why it cannot be read).
  QSettings settings;
  const QStringList files = settings.value(settings::kLessonFiles).toStringList();
  if (files.isEmpty()) return;
  QList<Lesson> lessons = m_lessons->lessons();
  QStringList kept;
  for (const QString& path : files) {
    try {
      const Lesson lesson = readLessonFile(path);
      const auto same = std::find_if(lessons.begin(), lessons.end(),
                                     [&](const Lesson& l) { return l.id == lesson.id; });
      if (same != lessons.end()) *same = lesson;
      else lessons << lesson;
      kept << path;
    } catch (const ReadError&) {
      continue;
    }
  }
  if (kept != files) settings.setValue(settings::kLessonFiles, kept);
  if (!kept.isEmpty()) m_lessons->setLessons(lessons);
}

void ClassroomController::rememberLessonFile(const QString& path) {
  constexpr qsizetype kMostFiles = 20;
  QSettings settings;
  QStringList files = settings.value(settings::kLessonFiles).toStringList();
  const QString absolute = QFileInfo(path).absoluteFilePath();
  files.removeAll(absolute);
  files.append(absolute);
  while (files.size() > kMostFiles) files.removeFirst();
  settings.setValue(settings::kLessonFiles, files);
}

void ClassroomController::restoreLessonPosition() {
  const QSettings settings;
  const QString id = settings.value(settings::kLessonId).toString();
  const auto& lessons = m_lessons->lessons();
  for (int i = 0; i < lessons.size(); ++i)
    if (lessons[i].id == id) {
      m_lessons->showOverview(i, settings.value(settings::kLessonStep, -1).toInt());
      return;
    }
  m_lessons->showOverview(0);
}

void ClassroomController::showLessonOverview(const QString& lessonId) {
  const auto& lessons = m_lessons->lessons();
  for (int i = 0; i < lessons.size(); ++i)
    if (lessons[i].id == lessonId) {
      m_lessonsDock->show();
      m_lessonsDock->raise();
      // Tall enough for the overview's list of steps (a projector's 768 px shared it with
      // the explanation, leaving four lines): a step is one click away, not a scroll.
      if (!m_lessonsDock->isFloating() && m_lessonsDock->height() < m_window->height() / 2)
        m_window->resizeDocks({m_lessonsDock}, {m_window->height() * 3 / 5}, Qt::Vertical);
      const QSettings settings;
      const bool left = settings.value(settings::kLessonId).toString() == lessonId;
      m_lessons->showOverview(i, left ? settings.value(settings::kLessonStep, -1).toInt() : -1);
      return;
    }
}

void ClassroomController::onLessonsShown() {
  const LessonStep* step = m_lessons->currentStep();
  if (!step) return;
  const Session& s = step->session;
  const bool drawn = s.scheme == qs(m_controller.scheme().info().id) &&
                     s.params == m_controller.params() &&
                     (s.view.isEmpty() || s.view == m_shownView());
  if (!drawn)
    m_lessons->showOverview(m_lessons->currentLessonIndex(), m_lessons->currentStepIndex());
}

void ClassroomController::onLessonStep(const LessonStep& step) {
  {
    QSettings settings;
    settings.setValue(settings::kLessonId,
                      m_lessons->lessons()[m_lessons->currentLessonIndex()].id);
    settings.setValue(settings::kLessonStep, m_lessons->currentStepIndex());
  }
  if (m_mode != QLatin1String("explore")) setMode(QStringLiteral("explore"));
  emit lessonStepChosen(step.session, step.title);
  m_marked.reset();
  if (step.highlight) {
    m_marked = std::make_pair(step.highlight->row, step.highlight->col);
    m_markedView = step.session.scheme + QLatin1Char('/') + step.session.view;
  }
  drawMarker();
  updateCaption();
}

void ClassroomController::openLessonDialog() {
  const QString path = QFileDialog::getOpenFileName(m_window, tr("Open lesson file"), lastFolder(),
                                                    tr("PosEnc lessons (*.json);;All files (*)"));
  if (!path.isEmpty()) openLessonFile(path, nullptr);
}

bool ClassroomController::openLessonFile(const QString& path, QString* error) {
  Lesson lesson;
  try {
    lesson = readLessonFile(path);
  } catch (const ReadError& e) {
    const QString reason = tr("This lesson cannot be opened:\n%1").arg(QString::fromUtf8(e.what()));
    if (error) *error = reason;
    else QMessageBox::warning(m_window, tr("Cannot open lesson"), reason);
    return false;
  }
  rememberFolder(path);
  rememberLessonFile(path);
  m_lessonsDock->show();
  m_lessonsDock->raise();
  m_lessons->addLesson(lesson);
  m_window->statusBar()->showMessage(
      tr("Lesson opened: %1").arg(lessonText(lesson.title, currentLanguage())), 5000);
  return true;
}

bool ClassroomController::lessonActive() const {
  if (m_presenting) return m_presentingLesson && m_lessons->currentStep();
  return m_lessonsDock->isVisibleTo(m_window) && m_lessons->currentStep();
}

void ClassroomController::stepForward() {
  if (lessonActive()) {
    m_lessons->nextStep();
    return;
  }
  const auto& views = m_controller.scheme().info().views;
  const QString shown = m_shownView();
  for (std::size_t i = 0; i + 1 < views.size(); ++i)
    if (qs(views[i].id) == shown) {
      emit viewRequested(qs(views[i + 1].id));
      return;
    }
}

void ClassroomController::stepBackward() {
  if (lessonActive()) {
    m_lessons->previousStep();
    return;
  }
  const auto& views = m_controller.scheme().info().views;
  const QString shown = m_shownView();
  for (std::size_t i = 1; i < views.size(); ++i)
    if (qs(views[i].id) == shown) {
      emit viewRequested(qs(views[i - 1].id));
      return;
    }
}

void ClassroomController::setPresenting(bool on) {
  if (on) m_presentingLesson = lessonActive();
  m_presenting = on;
}

void ClassroomController::updateCaption() {
  const LessonStep* step = m_lessons->currentStep();
  const bool show = m_presenting && m_presentingLesson && step;
  if (show) {
    // Larger than the (already scaled) window font: the back row reads it off the projector.
    m_caption->setFont(scaledFont(m_window->font(), 1.2));
    const QString language = currentLanguage();
    m_caption->setText(QStringLiteral("<b>%1</b> &nbsp; <span style='color:#444'>%2</span><br>%3")
                           .arg(lessonText(step->title, language).toHtmlEscaped(),
                                m_lessons->progressText().toHtmlEscaped(),
                                lessonText(step->text, language)));
  }
  m_caption->setVisible(show);
}

void ClassroomController::followGrid(ViewGrid* grid) {
  m_grid = grid;
  connect(grid, &ViewGrid::firstViewShown, this, [this](const QString& view) {
    explainView(view);
    drawMarker();  // the lesson's ring only on the view it belongs to
  });
  connect(grid, &ViewGrid::firstCellDrawn, this, &ClassroomController::drawMarker);
  connect(grid, &ViewGrid::cellHovered, this, &ClassroomController::hoverCell);
  connect(grid, &ViewGrid::pointHovered, m_readout, &ReadoutPanel::showPoint);
  connect(grid, &ViewGrid::hoverLeft, this, &ClassroomController::endHover);
  connect(grid, &ViewGrid::keyFocusLost, this, [this](int slot) {
    if (!m_hoverActive) return;
    endHover();
    m_grid->plotView(slot).clearMark();
  });
}

void ClassroomController::drawMarker() {
  if (!m_grid) return;
  const QString view = m_grid->cellView(0);
  const ViewResult* last = m_grid->lastResult(0);
  QCustomPlot& plot = m_grid->plotView(0).plot();
  for (int i = plot.itemCount() - 1; i >= 0; --i)
    if (plot.item(i)->objectName() == QLatin1String("LessonMarker")) plot.removeItem(i);
  const QString key = qs(m_controller.scheme().info().id) + QLatin1Char('/') + view;
  const bool matrix = last && std::holds_alternative<MatrixResult>(last->data) &&
                      last->view == view && last->error.isEmpty();
  if (m_marked && key == m_markedView && matrix) {
    // A ring around the cell, drawn twice (dark halo, bright ring) so it stands out on any
    // colour map. It is a circle in pixels, centred on the cell by an invisible anchor in data
    // coordinates: round however the cells are stretched (a wide table, a zoomed region), a
    // few percent of the picture and never smaller than the cell.
    auto* centre = new QCPItemTracer(&plot);
    centre->setObjectName(QStringLiteral("LessonMarker"));
    centre->setStyle(QCPItemTracer::tsNone);
    centre->position->setCoords(static_cast<double>(m_marked->second),
                                static_cast<double>(m_marked->first));
    const QRect area = plot.axisRect()->rect();
    const double cellPx = area.isEmpty()
                              ? 0
                              : std::max(area.width() / std::max(1.0, plot.xAxis->range().size()),
                                         area.height() / std::max(1.0, plot.yAxis->range().size()));
    const double radius =
        std::max({16.0, 0.8 * cellPx,
                  area.isEmpty() ? 24.0 : 0.045 * std::min(area.width(), area.height())});
    const std::pair<QColor, double> pens[] = {{QColor(0, 0, 0), 7.0}, {QColor(255, 140, 0), 3.5}};
    for (const auto& [colour, width] : pens) {
      auto* ring = new QCPItemEllipse(&plot);
      ring->setObjectName(QStringLiteral("LessonMarker"));
      ring->setPen(QPen(colour, width));
      for (QCPItemPosition* corner : {ring->topLeft, ring->bottomRight}) {
        corner->setType(QCPItemPosition::ptAbsolute);
        corner->setParentAnchor(centre->position);
      }
      ring->topLeft->setCoords(-radius, -radius);
      ring->bottomRight->setCoords(radius, radius);
    }
  }
  plot.replot(QCustomPlot::rpQueuedReplot);
}

// ----------------------------------------------------------------------------------------------
// Explanation

void ClassroomController::explainView(const QString& view) {
  const QString scheme = qs(m_controller.scheme().info().id);
  const QString key = scheme + QLatin1Char('/') + view;
  if (key == m_explainedView) return;
  m_explainedView = key;
  m_explanation->setView(scheme, view);
  m_explanation->setParams(m_controller.params());
}

void ClassroomController::setParams(const ParamSet& params) { m_explanation->setParams(params); }

void ClassroomController::hoverCell(int slot, Index row, Index col) {
  const QString view = m_grid->cellView(slot);
  // The explanation follows the plot under the mouse (a grid shows several views).
  explainView(view);
  startHover();
  m_readout->showCell(m_controller.scheme(), m_controller.params(), *m_grid->viewSpec(view), row,
                      col);
}

void ClassroomController::endHover() {
  m_hoverActive = false;
  m_readout->clear();
  m_explanation->clearHover();
}

// ----------------------------------------------------------------------------------------------
// Modes

void ClassroomController::setMode(const QString& mode) {
  static const QStringList modes = {QStringLiteral("explore"), QStringLiteral("compare"),
                                    QStringLiteral("animate")};
  const int index = static_cast<int>(modes.indexOf(mode));
  if (index < 0) return;
  const bool changed = mode != m_mode || m_modes->currentIndex() != index;
  m_mode = mode;
  if (changed && m_hoverActive) endHover();  // the hovered cell belongs to a page no longer shown
  if (changed && mode == QLatin1String("compare")) setUpCompare();
  if (mode == QLatin1String("animate")) updateAnimation();
  m_modes->setCurrentIndex(index);
  emit modeChanged(m_mode);
  QSettings settings;
  if (settings.value(settings::kMode).toString() != m_mode)
    settings.setValue(settings::kMode, m_mode);
}

void ClassroomController::setUpCompare() {
  // Panel 1: what the window shows; panel 2: its companion, as the scheme's data says.
  m_compare->showCompanions(m_controller.scheme(), m_controller.params(), m_shownView());
  m_compare->setFontScale(m_fontScale);
}

void ClassroomController::stateApplied() {
  if (m_mode == QLatin1String("animate")) updateAnimation();
}

void ClassroomController::updateAnimation() {
  const std::string id = m_controller.scheme().info().id;
  m_animation->setScheme(id, m_controller.params());
  const bool has = hasAnimation(id);
  m_animationNote->setVisible(!has);
  m_toRope->setVisible(!has);
  if (!has)
    m_animationNote->setText(tr("%1 has no animation: the animations show RoPE's rotating pair and "
                                "the sinusoidal clock hands.")
                                 .arg(coreText(m_controller.scheme().info().name)));
  m_toRope->setText(tr("Switch to &RoPE"));
}

void ClassroomController::setFontScale(double scale) {
  m_fontScale = scale;
  m_compare->setFontScale(scale);
}

void ClassroomController::retranslate() {
  m_lessonsDock->setWindowTitle(tr("Lessons"));
  m_explanationDock->setWindowTitle(tr("Explanation"));
  m_lessons->setLanguage(currentLanguage());
  m_explanation->setLanguage(currentLanguage());
  updateAnimation();
  updateCaption();
}

}  // namespace posenc::ui
