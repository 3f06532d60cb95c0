// SPDX-License-Identifier: GPL-3.0-or-later
// The Schemes dock's list (scheme_list.h).
#include "posenc_ui/panels/scheme_list.h"

#include <QLatin1Char>
#include <QListWidget>
#include <QVBoxLayout>

#include "posenc/base/scheme.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/io/lesson.h"

namespace posenc::ui {

SchemeList::SchemeList(QWidget* parent) : QWidget(parent) {
  auto* sv = new QVBoxLayout(this);
  sv->setContentsMargins(4, 4, 4, 4);
  m_list = new QListWidget(this);
  m_list->setWordWrap(true);
  m_list->setSpacing(2);
  m_list->setAlternatingRowColors(true);
  m_list->setTextElideMode(Qt::ElideNone);
  // Name on the first line, the one-line description under it (texts set by retranslate).
  for (const auto& s : allSchemes()) {
    auto* item = new QListWidgetItem(m_list);
    item->setData(Qt::UserRole, qs(s->info().id));
  }
  sv->addWidget(m_list, 1);
  connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
    if (item) emit schemeChosen(item->data(Qt::UserRole).toString());
  });
}

void SchemeList::select(const QString& schemeId) {
  for (int i = 0; i < m_list->count(); ++i) {
    if (m_list->item(i)->data(Qt::UserRole).toString() == schemeId) {
      m_list->setCurrentRow(i);
      break;
    }
  }
}

void SchemeList::retranslate() {
  for (int i = 0; i < m_list->count(); ++i) {
    QListWidgetItem* item = m_list->item(i);
    const SchemeInfo& info = findScheme(item->data(Qt::UserRole).toString().toStdString()).info();
    item->setText(coreText(info.name) + QLatin1Char('\n') +
                  studentText(coreText(info.description)));
    item->setToolTip(studentText(coreText(info.description)));
  }
}

void SchemeList::focusList() { m_list->setFocus(); }

}  // namespace posenc::ui
