// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/panels/lesson_panel.h"

#include <algorithm>

#include <QAbstractItemView>
#include <QComboBox>
#include <QEvent>
#include <QFont>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QSignalBlocker>
#include <QSizePolicy>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace posenc::ui {

LessonPanel::LessonPanel(QWidget* parent)
    : QWidget(parent),
      m_chooser(new QComboBox(this)),
      m_open(new QPushButton(this)),
      m_lessonTitle(new QLabel(this)),
      m_progress(new QLabel(this)),
      m_stepTitle(new QLabel(this)),
      m_body(new QTextBrowser(this)),
      m_previous(new QPushButton(this)),
      m_next(new QPushButton(this)),
      m_stepPicker(new QComboBox(this)),
      m_resume(new QPushButton(this)) {
  m_resume->setObjectName(QStringLiteral("ResumeLesson"));
  m_resume->hide();
  m_chooser->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_chooser->setMinimumContentsLength(12);
  m_chooser->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  m_stepPicker->setObjectName(QStringLiteral("StepPicker"));
  m_stepPicker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_stepPicker->setMinimumContentsLength(6);
  m_stepPicker->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);

  for (QLabel* label : {m_lessonTitle, m_progress, m_stepTitle}) {
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  }
  m_body->setObjectName(QStringLiteral("LessonBody"));
  m_body->setOpenLinks(false);
  m_body->setReadOnly(true);
  m_body->setFrameShape(QFrame::NoFrame);

  auto* top = new QHBoxLayout;
  top->addWidget(m_chooser, 1);
  top->addWidget(m_open);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_previous);
  buttons->addWidget(m_stepPicker, 1);
  buttons->addWidget(m_next);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(m_lessonTitle);
  layout->addWidget(m_progress);
  layout->addWidget(m_stepTitle);
  layout->addWidget(m_body, 1);
  layout->addWidget(m_resume);
  layout->addLayout(buttons);

  // Window-wide keys would steal Page Up/Down from the plots; here they work wherever the
  // focus is inside the panel (the text browser, read-only, does not claim them).
  auto* nextKey = new QShortcut(QKeySequence(Qt::Key_PageDown), this);
  auto* previousKey = new QShortcut(QKeySequence(Qt::Key_PageUp), this);
  nextKey->setContext(Qt::WidgetWithChildrenShortcut);
  previousKey->setContext(Qt::WidgetWithChildrenShortcut);
  connect(nextKey, &QShortcut::activated, this, &LessonPanel::nextStep);
  connect(previousKey, &QShortcut::activated, this, &LessonPanel::previousStep);
  connect(m_next, &QPushButton::clicked, this, &LessonPanel::nextStep);
  connect(m_previous, &QPushButton::clicked, this, &LessonPanel::previousStep);
  connect(m_open, &QPushButton::clicked, this, &LessonPanel::openLessonFileRequested);
  // A lesson picked in the list opens on its overview, as Help > Lessons does: nothing is
  // applied until a step is picked (docs/classroom.md, "Lessons").
  connect(m_chooser, &QComboBox::activated, this, [this](int index) { showOverview(index); });
  connect(m_stepPicker, &QComboBox::activated, this, &LessonPanel::showStep);
  connect(m_resume, &QPushButton::clicked, this, [this] { showStep(m_resumeStep); });
  // The overview lists the steps as links "step:K" (0-based).
  connect(m_body, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
    if (url.scheme() == QLatin1String("step")) showStep(url.path().toInt());
  });

  retranslate();
  setLessons(builtInLessons());
}

void LessonPanel::setLessons(const QList<Lesson>& lessons) {
  m_lessons = lessons;
  fillChooser();
  activate(m_lessons.isEmpty() ? -1 : 0, m_lessons.isEmpty() ? -1 : 0, false);
}

void LessonPanel::addLesson(const Lesson& lesson) {
  const auto same = std::find_if(m_lessons.begin(), m_lessons.end(),
                                 [&](const Lesson& l) { return l.id == lesson.id; });
  int index = 0;
  if (same != m_lessons.end()) {
    *same = lesson;
    index = static_cast<int>(same - m_lessons.begin());
  } else {
    m_lessons << lesson;
    index = static_cast<int>(m_lessons.size()) - 1;
  }
  fillChooser();
  selectLesson(index);
}

void LessonPanel::selectLesson(int index) {
  if (index < 0 || index >= m_lessons.size()) return;
  activate(index, 0, true);
}

void LessonPanel::showStep(int index) {
  if (m_lessonIndex < 0) return;
  const int count = static_cast<int>(m_lessons[m_lessonIndex].steps.size());
  activate(m_lessonIndex, std::clamp(index, 0, count - 1), true);
}

void LessonPanel::showOverview(int lessonIndex, int resumeStep) {
  if (lessonIndex < 0 || lessonIndex >= m_lessons.size()) return;
  const int count = static_cast<int>(m_lessons[lessonIndex].steps.size());
  m_resumeStep = resumeStep >= 1 && resumeStep < count ? resumeStep : -1;
  activate(lessonIndex, -1, false);
}

void LessonPanel::nextStep() {
  if (m_lessonIndex < 0 || m_stepIndex + 1 >= m_lessons[m_lessonIndex].steps.size()) return;
  showStep(m_stepIndex + 1);
}

void LessonPanel::previousStep() {
  if (m_lessonIndex < 0 || m_stepIndex <= 0) return;
  showStep(m_stepIndex - 1);
}

void LessonPanel::setLanguage(const QString& language) {
  if (language == m_language) return;
  m_language = language;
  fillChooser();
  render();
}

const LessonStep* LessonPanel::currentStep() const {
  if (m_lessonIndex < 0 || m_stepIndex < 0) return nullptr;
  return &m_lessons[m_lessonIndex].steps[m_stepIndex];
}

QString LessonPanel::lessonTitleText() const { return m_lessonTitle->text(); }
QString LessonPanel::progressText() const { return m_progress->text(); }
QString LessonPanel::stepTitleText() const { return m_stepTitle->text(); }
QString LessonPanel::stepBodyText() const { return m_body->toPlainText(); }

void LessonPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) {
    retranslate();
  } else if (event->type() == QEvent::FontChange) {
    render();  // titles are sized relative to the panel's font
  }
  QWidget::changeEvent(event);
}

void LessonPanel::retranslate() {
  m_open->setText(tr("Open lesson file..."));
  m_open->setToolTip(tr("Open a lesson written as a JSON file (see resources/lessons/README.md)"));
  m_previous->setText(tr("< Previous"));
  m_previous->setToolTip(tr("Previous step (Page Up)"));
  m_next->setText(tr("Next >"));
  m_next->setToolTip(tr("Next step (Page Down)"));
  m_chooser->setToolTip(tr("Lesson"));
  m_stepPicker->setToolTip(tr("Go straight to any step of the lesson"));
  m_stepPicker->setPlaceholderText(tr("Go to step..."));
  render();
}

void LessonPanel::fillChooser() {
  const QSignalBlocker block(m_chooser);
  m_chooser->clear();
  for (const Lesson& lesson : m_lessons) {
    m_chooser->addItem(lessonText(lesson.title, m_language), lesson.id);
    m_chooser->setItemData(m_chooser->count() - 1, lessonText(lesson.summary, m_language),
                           Qt::ToolTipRole);
  }
  m_chooser->setCurrentIndex(m_lessonIndex < m_lessons.size() ? m_lessonIndex : -1);
}

void LessonPanel::fillStepPicker() {
  const QSignalBlocker block(m_stepPicker);
  m_stepPicker->clear();
  if (m_lessonIndex >= 0) {
    const Lesson& lesson = m_lessons[m_lessonIndex];
    for (int k = 0; k < lesson.steps.size(); ++k)
      m_stepPicker->addItem(
          QStringLiteral("%1. %2").arg(k + 1).arg(lessonText(lesson.steps[k].title, m_language)));
  }
  m_stepPicker->setCurrentIndex(m_stepIndex);
  m_stepPicker->setEnabled(m_stepPicker->count() > 0);
  // The list may be wider than the narrow dock: let it show whole titles.
  m_stepPicker->view()->setMinimumWidth(m_stepPicker->view()->sizeHintForColumn(0) + 24);
}

void LessonPanel::activate(int lessonIndex, int stepIndex, bool emitStep) {
  if (stepIndex >= 0) m_resumeStep = -1;  // a step picked: the overview's offer is taken
  m_lessonIndex = lessonIndex;
  m_stepIndex = stepIndex;
  {
    const QSignalBlocker block(m_chooser);
    m_chooser->setCurrentIndex(lessonIndex);
  }
  render();
  if (emitStep && currentStep()) {
    const LessonStep step = *currentStep();  // a slot may change the lessons
    emit stepActivated(step);
  }
}

void LessonPanel::render() {
  // Titles scale with the panel's font (presentation mode enlarges that font).
  QFont titleFont = font();
  titleFont.setBold(true);
  if (font().pointSizeF() > 0) titleFont.setPointSizeF(font().pointSizeF() * 1.25);
  else if (font().pixelSize() > 0) titleFont.setPixelSize(qRound(font().pixelSize() * 1.25));
  m_lessonTitle->setFont(titleFont);
  QFont stepFont = font();
  stepFont.setBold(true);
  m_stepTitle->setFont(stepFont);

  const LessonStep* step = currentStep();
  const bool empty = step == nullptr;
  m_next->setText(tr("Next >"));
  m_resume->hide();
  fillStepPicker();
  if (empty && m_lessonIndex >= 0) {
    renderOverview(m_lessons[m_lessonIndex]);
    return;
  }
  m_previous->setEnabled(!empty && m_stepIndex > 0);
  m_next->setEnabled(!empty && m_stepIndex + 1 < m_lessons[m_lessonIndex].steps.size());
  if (empty) {
    m_lessonTitle->setText(tr("No lesson"));
    m_progress->clear();
    m_stepTitle->clear();
    m_body->clear();
    return;
  }
  const Lesson& lesson = m_lessons[m_lessonIndex];
  m_lessonTitle->setText(lessonText(lesson.title, m_language));
  m_progress->setText(tr("Step %1 of %2").arg(m_stepIndex + 1).arg(lesson.steps.size()));
  m_stepTitle->setText(lessonText(step->title, m_language));
  m_body->setHtml(lessonText(step->text, m_language));
}

void LessonPanel::renderOverview(const Lesson& lesson) {
  const auto count = static_cast<int>(lesson.steps.size());
  m_previous->setEnabled(false);
  m_next->setEnabled(count > 0);
  m_next->setText(tr("Start >"));
  m_lessonTitle->setText(lessonText(lesson.title, m_language));
  m_progress->setText(tr("%1 steps: pick one to begin").arg(count));
  m_stepTitle->clear();
  QString html =
      QStringLiteral("<p>%1</p><ol>").arg(lessonText(lesson.summary, m_language).toHtmlEscaped());
  for (int k = 0; k < count; ++k)
    html += QStringLiteral("<li><a href=\"step:%1\">%2</a></li>")
                .arg(k)
                .arg(lessonText(lesson.steps[k].title, m_language).toHtmlEscaped());
  html += QStringLiteral("</ol><p><i>%1</i></p>")
              .arg(tr("Nothing changes in the window until you pick a step; the step then shows "
                      "the picture it describes.")
                       .toHtmlEscaped());
  m_body->setHtml(html);
  if (m_resumeStep >= 1) {
    m_resume->setText(tr("Continue at step %1 of %2").arg(m_resumeStep + 1).arg(count));
    m_resume->setToolTip(lessonText(lesson.steps[m_resumeStep].title, m_language));
    m_resume->show();
  }
}

}  // namespace posenc::ui
