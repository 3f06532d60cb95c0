// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/help/start_page.h"

#include <QCheckBox>
#include <QCommandLinkButton>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QFont>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>
#include <algorithm>

#include "posenc/base/scheme.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/settings_keys.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/io/lesson.h"

namespace posenc::ui {

namespace {

constexpr double kFontScale = 1.3;   ///< The card's text against the window's.
constexpr double kTitleScale = 1.8;  ///< The title against the card's text.

/// `font` `factor` times larger, in points or pixels, whichever it is given in.
QFont scaled(QFont font, double factor) {
  if (font.pointSizeF() > 0) font.setPointSizeF(font.pointSizeF() * factor);
  else if (font.pixelSize() > 0) font.setPixelSize(qRound(font.pixelSize() * factor));
  return font;
}

}  // namespace

StartPage::StartPage(QWidget* parent)
    : QDialog(parent),
      m_title(new QLabel(this)),
      m_intro(new QLabel(this)),
      m_lessonsTitle(new QLabel(this)),
      m_lessons(new QListWidget(this)),
      m_session(new QCommandLinkButton(this)),
      m_model(new QCommandLinkButton(this)),
      m_recentTitle(new QLabel(this)),
      m_recentModels(new QListWidget(this)),
      m_schemesTitle(new QLabel(this)),
      m_schemes(new QListWidget(this)),
      m_schemeNote(new QLabel(this)),
      m_atStartUp(new QCheckBox(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Close, this)) {
  setObjectName(QStringLiteral("StartPage"));
  setModal(false);
  m_intro->setWordWrap(true);
  m_lessons->setObjectName(QStringLiteral("StartLessons"));
  m_lessons->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  m_lessons->setSpacing(2);
  m_lessons->setWordWrap(true);  // a title is read whole, on two lines if it must
  m_lessons->setTextElideMode(Qt::ElideNone);
  m_session->setObjectName(QStringLiteral("OpenSession"));
  m_model->setObjectName(QStringLiteral("OpenModel"));
  m_recentModels->setObjectName(QStringLiteral("StartRecentModels"));
  m_recentModels->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  m_recentModels->setTextElideMode(Qt::ElideMiddle);  // a long path keeps both ends
  m_schemes->setObjectName(QStringLiteral("StartSchemes"));
  m_schemes->setSpacing(3);
  m_schemes->setWordWrap(true);  // a long name takes two lines, never a scroll bar
  m_schemes->setTextElideMode(Qt::ElideNone);
  m_schemes->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  m_schemes->setMouseTracking(true);  // the note under the list follows the pointer
  m_schemeNote->setWordWrap(true);
  m_schemeNote->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  m_schemeNote->setForegroundRole(QPalette::PlaceholderText);
  for (const auto& s : allSchemes()) {
    auto* item = new QListWidgetItem(m_schemes);
    item->setData(Qt::UserRole, qs(s->info().id));
  }
  // Every built-in lesson by name: one click opens its overview, whose steps are links.
  for (const Lesson& lesson : builtInLessons()) {
    auto* item = new QListWidgetItem(m_lessons);
    item->setData(Qt::UserRole, lesson.id);
    m_lessonTitles << lesson.title;
  }
  m_atStartUp->setChecked(QSettings().value(settings::kShowStartPage, false).toBool());

  // Left: the lessons, a session and a model (with the recent ones), one above the other;
  // right: the schemes.
  auto* ways = new QVBoxLayout;
  ways->addWidget(m_lessonsTitle);
  ways->addWidget(m_lessons, 2);
  ways->addWidget(m_session);
  ways->addWidget(m_model);
  ways->addWidget(m_recentTitle);
  ways->addWidget(m_recentModels, 1);
  ways->addStretch(0);
  auto* schemes = new QVBoxLayout;
  schemes->addWidget(m_schemesTitle);
  schemes->addWidget(m_schemes, 1);
  schemes->addWidget(m_schemeNote);
  auto* columns = new QHBoxLayout;
  columns->addLayout(ways, 1);
  columns->addSpacing(16);
  columns->addLayout(schemes, 1);
  auto* bottom = new QHBoxLayout;
  bottom->addWidget(m_atStartUp, 1);
  bottom->addWidget(m_buttons);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(24, 20, 24, 16);
  layout->addWidget(m_title);
  layout->addWidget(m_intro);
  layout->addSpacing(8);
  layout->addLayout(columns, 1);
  layout->addLayout(bottom);

  connect(m_lessons, &QListWidget::itemClicked, this, &StartPage::chooseLesson);
  connect(m_lessons, &QListWidget::itemActivated, this, &StartPage::chooseLesson);
  connect(m_session, &QCommandLinkButton::clicked, this, [this] {
    close();
    emit openSessionRequested();
  });
  connect(m_model, &QCommandLinkButton::clicked, this, [this] {
    close();
    emit openModelRequested();
  });
  connect(m_recentModels, &QListWidget::itemClicked, this, [this](const QListWidgetItem* item) {
    if (!item || !isVisible()) return;
    close();
    emit modelRequested(item->data(Qt::UserRole).toString());
  });
  connect(m_schemes, &QListWidget::itemClicked, this, &StartPage::chooseScheme);
  connect(m_schemes, &QListWidget::itemActivated, this, &StartPage::chooseScheme);
  connect(m_schemes, &QListWidget::itemEntered, this, &StartPage::describeScheme);
  connect(m_schemes, &QListWidget::currentItemChanged, this, &StartPage::describeScheme);
  connect(m_atStartUp, &QCheckBox::toggled, this,
          [](bool on) { QSettings().setValue(settings::kShowStartPage, on); });
  connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  retranslate();
}

bool StartPage::showAtStartUp() const { return m_atStartUp->isChecked(); }

void StartPage::chooseLesson(const QListWidgetItem* item) {
  if (!item || !isVisible()) return;  // a double click's second half finds the card closed
  close();
  emit lessonRequested(item->data(Qt::UserRole).toString());
}

void StartPage::chooseScheme(const QListWidgetItem* item) {
  if (!item || !isVisible()) return;  // a double click's second half finds the card closed
  close();
  emit schemeRequested(item->data(Qt::UserRole).toString());
}

void StartPage::describeScheme(const QListWidgetItem* item) {
  if (!item) return;
  const SchemeInfo& info = findScheme(item->data(Qt::UserRole).toString().toStdString()).info();
  m_schemeNote->setText(coreText(info.description));
}

void StartPage::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QDialog::changeEvent(event);
}

void StartPage::fillRecentModels() {
  m_recentModels->clear();
  const QStringList recent = QSettings().value(settings::kRecentModels).toStringList();
  for (const QString& entry : recent) {
    // A path that is gone is left out (File > Recent Models says so); a repo id is offered.
    if (QFileInfo(entry).isAbsolute() && !QFileInfo::exists(entry)) continue;
    auto* item = new QListWidgetItem(QDir::toNativeSeparators(entry), m_recentModels);
    item->setData(Qt::UserRole, entry);
    item->setToolTip(QDir::toNativeSeparators(entry));
  }
  const bool any = m_recentModels->count() > 0;
  m_recentTitle->setVisible(any);
  m_recentModels->setVisible(any);
}

void StartPage::setVisible(bool visible) {
  // Sized before QDialog centres it over the window.
  if (visible) {
    fillRecentModels();
    applyFont();
  }
  QDialog::setVisible(visible);
}

void StartPage::showEvent(QShowEvent* event) {
  // Seen once: from now on the card comes by itself only when the box is ticked.
  QSettings().setValue(settings::kShowStartPage, m_atStartUp->isChecked());
  QDialog::showEvent(event);
}

void StartPage::applyFont() {
  // A dialog does not inherit its window's font; follow the window's text size (and
  // presentation mode) from the window itself.
  const QWidget* window = parentWidget();
  setFont(scaled(window ? window->font() : QFont(), kFontScale));
  QFont title = scaled(font(), kTitleScale);
  title.setBold(true);
  m_title->setFont(title);
  QFont heading = font();
  heading.setBold(true);
  m_schemesTitle->setFont(heading);
  for (QCommandLinkButton* button : {m_session, m_model}) button->setFont(font());
  m_lessonsTitle->setFont(heading);
  m_lessons->setFont(font());
  // Room for about eight lessons before the list scrolls (the card grows to fit, within the
  // window): most are in sight at once, even on a projector.
  m_lessons->setMinimumHeight(QFontMetrics(font()).lineSpacing() * 13);
  m_recentTitle->setFont(heading);
  m_recentModels->setFont(font());
  if (m_recentModels->count() > 0) {  // up to four rows without a scroll bar, no more room
    const int rows = std::min(m_recentModels->count(), 4);
    m_recentModels->setMaximumHeight(m_recentModels->sizeHintForRow(0) * rows +
                                     2 * m_recentModels->frameWidth() + 4);
  }
  QFont note = scaled(font(), 0.85);
  m_schemeNote->setFont(note);
  m_schemeNote->setMinimumHeight(QFontMetrics(note).lineSpacing() * 4);  // no jumps

  // A top-level window ignores height-for-width, so the wrapped texts get their height here:
  // about 90 characters wide, within the window under the card.
  const QFontMetrics metrics(font());
  const QSize room = window ? window->size() - QSize(48, 48) : QSize(1200, 900);
  const int width = std::min(room.width(), metrics.horizontalAdvance(QLatin1Char('x')) * 90 + 48);
  layout()->activate();
  const int height = layout()->hasHeightForWidth() ? layout()->heightForWidth(width)
                                                   : layout()->sizeHint().height();
  resize(width, std::clamp(height, std::min(room.height(), metrics.height() * 24), room.height()));
}

void StartPage::retranslate() {
  setWindowTitle(tr("Welcome to PosEnc Explorer"));
  m_title->setText(tr("Welcome to PosEnc Explorer"));
  m_intro->setText(
      tr("See how transformers encode position: every scheme computed exactly and drawn. "
         "Where would you like to begin?"));
  m_lessonsTitle->setText(tr("Start a lesson: pick one"));
  for (int i = 0; i < m_lessons->count(); ++i) {
    const QString title = lessonText(m_lessonTitles[i], currentLanguage());
    m_lessons->item(i)->setText(QStringLiteral("%1. %2").arg(i + 1).arg(title));
    m_lessons->item(i)->setToolTip(title);
  }
  m_session->setText(tr("Open a session..."));
  m_session->setDescription(tr("Scheme, parameters and views as they were saved"));
  m_model->setText(tr("Open a model..."));
  m_model->setDescription(
      tr("A model folder or the Hugging Face cache: its own configuration and trained tables"));
  m_recentTitle->setText(tr("Recent models"));
  m_schemesTitle->setText(tr("Explore a scheme: pick one"));
  for (int i = 0; i < m_schemes->count(); ++i) {
    QListWidgetItem* item = m_schemes->item(i);
    const SchemeInfo& info = findScheme(item->data(Qt::UserRole).toString().toStdString()).info();
    item->setText(coreText(info.name));
    item->setToolTip(coreText(info.description));
  }
  m_schemeNote->setText(tr("Point at a scheme to read what it does; click it to explore it."));
  m_atStartUp->setText(tr("Show at start-up"));
  m_atStartUp->setToolTip(tr("Help > Start Page shows this card at any time"));
}

}  // namespace posenc::ui
