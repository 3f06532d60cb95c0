// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/models/open_model_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>
#include <sstream>
#include <utility>

#include "posenc/base/scheme.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/translation.h"

namespace posenc::ui {

namespace {

constexpr double kFontScale = 1.15;  ///< The dialog's text against the window's (projectors).

}  // namespace

OpenModelDialog::OpenModelDialog(QWidget* parent, std::filesystem::path cache)
    : QDialog(parent),
      m_cache(std::move(cache)),
      m_heading(new QLabel(this)),
      m_where(new QLabel(this)),
      m_models(new QListWidget(this)),
      m_open(new QPushButton(this)),
      m_folder(new QPushButton(this)),
      m_file(new QPushButton(this)) {
  setObjectName(QStringLiteral("OpenModelDialog"));
  if (parent) {
    // A dialog does not inherit its window's font: follow the window's text size.
    QFont font = parent->font();
    if (font.pointSizeF() > 0) font.setPointSizeF(font.pointSizeF() * kFontScale);
    setFont(font);
  }
  QFont bold = font();
  bold.setBold(true);
  m_heading->setFont(bold);
  m_where->setWordWrap(true);
  m_where->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_models->setObjectName(QStringLiteral("CachedModels"));
  m_models->setAlternatingRowColors(true);
  m_models->setWordWrap(true);
  m_open->setObjectName(QStringLiteral("OpenCached"));
  m_folder->setObjectName(QStringLiteral("ChooseFolder"));
  m_file->setObjectName(QStringLiteral("ChooseFile"));
  m_open->setDefault(true);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
  buttons->addButton(m_open, QDialogButtonBox::AcceptRole);
  auto* row = new QHBoxLayout;
  row->addWidget(m_folder);
  row->addWidget(m_file);
  row->addStretch(1);
  row->addWidget(buttons);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_heading);
  layout->addWidget(m_where);
  layout->addWidget(m_models, 1);
  layout->addLayout(row);

  connect(m_open, &QPushButton::clicked, this, [this] {
    if (const QListWidgetItem* item = m_models->currentItem())
      choose(item->data(Qt::UserRole).toString());
  });
  connect(m_models, &QListWidget::itemActivated, this,
          [this](const QListWidgetItem* item) { choose(item->data(Qt::UserRole).toString()); });
  connect(m_models, &QListWidget::currentItemChanged, this,
          [this](const QListWidgetItem* item) { m_open->setEnabled(item != nullptr); });
  connect(m_folder, &QPushButton::clicked, this, &OpenModelDialog::chooseFolder);
  connect(m_file, &QPushButton::clicked, this, &OpenModelDialog::chooseFile);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  retranslate();
  fill();
  const QFontMetrics metrics(font());
  resize(metrics.horizontalAdvance(QLatin1Char('x')) * 80, metrics.height() * 22);
}

void OpenModelDialog::retranslate() {
  setWindowTitle(tr("Open Model"));
  m_heading->setText(tr("Models in the Hugging Face cache"));
  m_open->setText(tr("&Open"));
  m_folder->setText(tr("&Folder..."));
  m_folder->setToolTip(tr("A model folder with a config.json (and its .safetensors)"));
  m_file->setText(tr("F&ile..."));
  m_file->setToolTip(tr("A config.json, a .safetensors file or model.safetensors.index.json"));
}

void OpenModelDialog::fill() {
  // The list `posenc models --format json` prints, so the window and the command line agree.
  const std::vector<CachedModel> models = listCachedModels(m_cache);
  std::ostringstream json;
  writeModelList(json, m_cache, models, true);
  const QJsonArray list = QJsonDocument::fromJson(QByteArray::fromStdString(json.str())).array();
  for (const auto& value : list) {
    const QJsonObject m = value.toObject();
    const QString repo = m.value(QLatin1String("repo_id")).toString();
    auto* item = new QListWidgetItem(m_models);
    item->setData(Qt::UserRole, repo);
    if (m.value(QLatin1String("scheme")).isString()) {
      const QString scheme = m.value(QLatin1String("scheme")).toString();
      item->setText(tr("%1  \u2192  %2 (%3)")
                        .arg(repo, coreText(findScheme(scheme.toStdString()).info().name),
                             m.value(QLatin1String("model_type")).toString()));
    } else {
      // Listed so the user sees why it is not offered; opening it shows the same reason.
      item->setText(tr("%1  (not mapped: %2)")
                        .arg(repo, coreText(m.value(QLatin1String("error")).toString())));
      item->setForeground(palette().brush(QPalette::PlaceholderText));
    }
    item->setToolTip(QDir::toNativeSeparators(m.value(QLatin1String("path")).toString()));
  }
  const QString folder = m_cache.empty() ? tr("(none: HOME is not set)")
                                         : QDir::toNativeSeparators(qs(m_cache.string()));
  if (list.isEmpty()) {
    m_where->setText(
        tr("No models with a config.json in %1.\nModels get there when they are downloaded "
           "with the Hugging Face tools (huggingface-cli download gpt2, or from_pretrained in "
           "transformers); HF_HUB_CACHE or HF_HOME name another folder. Nothing is downloaded "
           "here: use Folder... or File... for a model elsewhere.")
            .arg(folder));
  } else {
    m_where->setText(tr("Cache: %1").arg(folder));
    m_models->setCurrentRow(0);
  }
  m_models->setVisible(!list.isEmpty());
  m_open->setEnabled(!list.isEmpty());
}

int OpenModelDialog::modelCount() const { return m_models->count(); }

void OpenModelDialog::choose(const QString& pathOrId) {
  if (pathOrId.isEmpty()) return;
  m_chosen = pathOrId;
  accept();
}

void OpenModelDialog::chooseFolder() {
  const QString folder = QFileDialog::getExistingDirectory(this, tr("Open model folder"));
  choose(folder);
}

void OpenModelDialog::chooseFile() {
  const QString file = QFileDialog::getOpenFileName(
      this, tr("Open model file"), QString(),
      tr("Model files (config.json *.safetensors *.safetensors.index.json);;All files (*)"));
  choose(file);
}

}  // namespace posenc::ui
