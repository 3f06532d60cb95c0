// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/help/user_guide.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QFile>
#include <QFont>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>

#include "posenc_ui/common/translation.h"

// The guide is in resources/posenc.qrc, compiled into the static posenc_ui library; as in
// io/lesson.cpp, registering it here keeps ":/guide" filled whoever asks first.
static void initGuideResources() { Q_INIT_RESOURCE(posenc); }

namespace posenc::ui {

QString userGuideMarkdown(const QString& language) {
  static const bool registered = [] {
    initGuideResources();
    return true;
  }();
  (void)registered;
  const QString lang = language == QLatin1String("zh_CN") ? language : QStringLiteral("en");
  QFile file(QStringLiteral(":/guide/guide_%1.md").arg(lang));
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(file.readAll());
}

UserGuide::UserGuide(QWidget* parent) : QDialog(parent), m_browser(new QTextBrowser(this)) {
  setObjectName(QStringLiteral("UserGuide"));
  setModal(false);
  m_browser->setOpenExternalLinks(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_browser, 1);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  // Most of the window, but lines no longer than a page of a book.
  if (parentWidget())
    resize(std::min(parentWidget()->width() * 3 / 4, fontMetrics().averageCharWidth() * 130),
           parentWidget()->height() * 4 / 5);
  load();
}

QString UserGuide::text() const { return m_browser->toPlainText(); }

void UserGuide::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) load();
  QDialog::changeEvent(event);
}

void UserGuide::showEvent(QShowEvent* event) {
  // A dialog does not inherit its window's font: follow the window's text size.
  QFont font = parentWidget() ? parentWidget()->font() : QFont();
  if (font.pointSizeF() > 0) font.setPointSizeF(font.pointSizeF() * 1.15);
  m_browser->setFont(font);
  QDialog::showEvent(event);
}

void UserGuide::load() {
  setWindowTitle(tr("PosEnc Explorer User Guide"));
  if (m_language == currentLanguage()) return;
  m_language = currentLanguage();
  m_browser->setMarkdown(userGuideMarkdown(m_language));
}

}  // namespace posenc::ui
