// SPDX-License-Identifier: GPL-3.0-or-later
// File > Open Model...: the models of the local Hugging Face cache, each with the scheme it
// maps to (as `posenc models` lists them), and a model folder or file chosen by hand.
#pragma once

#include <QDialog>
#include <QString>
#include <filesystem>

class QLabel;
class QListWidget;
class QPushButton;

namespace posenc::ui {

/// Lists the cache `cache` (listCachedModels). The choice (a repo id of the list, or a folder
/// or file from the Folder... and File... buttons) is chosen() once accepted; the dialog only
/// chooses, the window opens. Tests pick without a file dialog through choose().
class OpenModelDialog : public QDialog {
  Q_OBJECT
 public:
  OpenModelDialog(QWidget* parent, std::filesystem::path cache);

  /// The repo id, folder or file chosen; empty until accepted.
  [[nodiscard]] QString chosen() const { return m_chosen; }
  /// Accepts with `pathOrId` (what the list, Folder... and File... do).
  void choose(const QString& pathOrId);
  /// The number of cached models listed (those that map to a scheme and those that do not).
  [[nodiscard]] int modelCount() const;

 private:
  void fill();
  void retranslate();
  void chooseFolder();
  void chooseFile();

  std::filesystem::path m_cache;
  QLabel* m_heading = nullptr;
  QLabel* m_where = nullptr;  ///< The cache folder, or where it looked and how models get there.
  QListWidget* m_models = nullptr;
  QPushButton* m_open = nullptr;
  QPushButton* m_folder = nullptr;
  QPushButton* m_file = nullptr;
  QString m_chosen;
};

}  // namespace posenc::ui
