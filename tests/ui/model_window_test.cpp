// SPDX-License-Identifier: GPL-3.0-or-later
// Real models in the window (issue 16): File > Open Model and its dialog, repo ids of the
// local Hugging Face cache, models dropped on the window, the recent models, the start card's
// entry, and broken configs refused with the window as it was. Offscreen; the models are
// config.json files written here (for RoPE models a config alone is the whole model).
#include <QAction>
#include <QCommandLinkButton>
#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QUrl>
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "posenc_ui/common/settings_keys.h"
#include "posenc_ui/help/problem_log.h"
#include "posenc_ui/help/start_page.h"
#include "posenc_ui/models/model_actions.h"
#include "posenc_ui/models/open_model_dialog.h"
#include "posenc_ui/params/parameter_panel.h"
#include "posenc_ui/plot/plot_parts.h"
#include "posenc_ui/window/main_window.h"
#include "posenc_ui/window/menus.h"
#include "support/cut_while_read.hpp"
#include "support/main_window_fixture.hpp"
#include "support/tiny_model.hpp"
#include "support/ui_values.hpp"

namespace posenc::ui {
namespace {

using test::qs;
using test::session;

/// Meta's published Llama-3.1-8B-Instruct config.json (tests/data/configs/README.md).
const QString kLlamaConfig =
    QStringLiteral(POSENC_SOURCE_DIR "/tests/data/configs/llama-3.1-8b-instruct.json");

/// A small GPT-NeoX-like config (partial rotary, no scaling): maps to rope without tensors.
const char* const kNeoxConfig =
    R"({"model_type": "gpt_neox", "hidden_size": 256, "num_attention_heads": 4,
        "rotary_pct": 0.25, "rotary_emb_base": 10000, "max_position_embeddings": 512})";

/// Sets an environment variable for one test and puts the old value back.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const QByteArray& value)
      : m_name(name), m_had(qEnvironmentVariableIsSet(name)), m_old(qgetenv(name)) {
    qputenv(name, value);
  }
  ~ScopedEnv() {
    if (m_had) qputenv(m_name, m_old);
    else qunsetenv(m_name);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* m_name;
  bool m_had;
  QByteArray m_old;
};

class Models : public test::MainWindowTest {
 protected:
  /// Writes `text` as FOLDER/config.json under the temp dir; returns the folder.
  QString modelFolder(const QString& name, const QByteArray& text) {
    const QString folder = m_dir.filePath(name);
    EXPECT_TRUE(QDir().mkpath(folder));
    QFile f(folder + QStringLiteral("/config.json"));
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(text);
    return folder;
  }
  QString llamaFolder(const QString& name = QStringLiteral("llama-3.1-8b")) {
    QFile f(kLlamaConfig);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << kLlamaConfig.toStdString();
    return modelFolder(name, f.readAll());
  }
  /// A cache with models--ORG--NAME/snapshots/REV/config.json and refs/main = REV.
  void cacheModel(const QString& cache, const QString& org, const QString& name,
                  const QByteArray& config) {
    const QString repo = cache + QStringLiteral("/models--%1--%2").arg(org, name);
    ASSERT_TRUE(QDir().mkpath(repo + QStringLiteral("/snapshots/abc123")));
    ASSERT_TRUE(QDir().mkpath(repo + QStringLiteral("/refs")));
    QFile c(repo + QStringLiteral("/snapshots/abc123/config.json"));
    ASSERT_TRUE(c.open(QIODevice::WriteOnly));
    c.write(config);
    QFile ref(repo + QStringLiteral("/refs/main"));
    ASSERT_TRUE(ref.open(QIODevice::WriteOnly));
    ref.write("abc123");
  }
  [[nodiscard]] QLabel& strip() { return *m_window->models().strip(); }
  void drop(const QString& path) {
    QMimeData data;
    data.setUrls({QUrl::fromLocalFile(path)});
    // As a drag would: enter (the window accepts local files), then drop.
    QDragEnterEvent enter(QPoint(100, 100), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window.get(), &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent event(QPointF(100, 100), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window.get(), &event);
    EXPECT_TRUE(event.isAccepted());
  }
  /// Waits for the openModelAsync in flight to finish; true when it opened the model.
  bool waitForModel() {
    QSignalSpy opened(&m_window->models(), &ModelActions::modelOpened);
    QSignalSpy failed(&m_window->models(), &ModelActions::modelFailed);
    for (int k = 0; k < 100 && opened.isEmpty() && failed.isEmpty(); ++k) QTest::qWait(20);
    return !opened.isEmpty();
  }

  QTemporaryDir m_dir;
};

TEST_F(Models, ALlamaFolderOpensAsRopeWithItsLlama3Scaling) {
  const QString folder = llamaFolder();
  QString error;
  ASSERT_TRUE(m_window->openModel(folder, &error)) << error.toStdString();
  const ParamSet& p = m_window->controller().params();
  EXPECT_EQ(m_window->controller().scheme().info().id, "rope");
  EXPECT_EQ(p.getChoice("scaling"), "llama3");
  EXPECT_DOUBLE_EQ(p.getReal("factor"), 8.0);
  EXPECT_DOUBLE_EQ(p.getReal("base"), 500000.0);
  EXPECT_EQ(m_window->parameterPanel().values(), p);  // the panel shows what was opened
  EXPECT_EQ(m_window->models().label(), QStringLiteral("llama-3.1-8b"));
  EXPECT_TRUE(m_window->windowTitle().contains(QStringLiteral("llama-3.1-8b")))
      << m_window->windowTitle().toStdString();
  EXPECT_TRUE(strip().isVisible());
  EXPECT_TRUE(strip().text().contains(QStringLiteral("llama-3.1-8b")));
  EXPECT_TRUE(strip().text().contains(QStringLiteral("llama")));
  // The picture names the model in its subtitle.
  waitUntilShown(m_window->cellView(0));
  EXPECT_TRUE(m_window->plotView(0)
                  .plot()
                  .property(kDescriptionProperty)
                  .toString()
                  .contains(QStringLiteral("llama-3.1-8b")));
  EXPECT_EQ(m_window->undoStack().undoText(), QStringLiteral("Open model llama-3.1-8b"));
  // File > Export names it too (ExportRequest::model, in the SVG's description).
  const QString svg = m_dir.filePath(QStringLiteral("view.svg"));
  QString error2;
  ASSERT_TRUE(m_window->exportCurrentView(svg, QSize(400, 300), 96, &error2))
      << error2.toStdString();
  QFile written(svg);
  ASSERT_TRUE(written.open(QIODevice::ReadOnly));
  EXPECT_TRUE(written.readAll().contains("llama-3.1-8b"));
}

TEST_F(Models, TheStripGivesTheValuesTheModelDerivesWithTheirFormula) {
  // DeepSeek-V3's MLA: modeling_deepseek_v3.py multiplies the softmax scale by
  // yarn_get_mscale(40, 1)^2 = (0.1 ln 40 + 1)^2 = 1.8738542070926265 (Python's math), which no
  // parameter draws: the strip says it beside the notes (ModelMapping::reported).
  QFile f(QStringLiteral(POSENC_SOURCE_DIR "/tests/data/configs/deepseek-v3-excerpt.json"));
  ASSERT_TRUE(f.open(QIODevice::ReadOnly));
  const QString folder = modelFolder(QStringLiteral("deepseek-v3"), f.readAll());
  QString error;
  ASSERT_TRUE(m_window->openModel(folder, &error)) << error.toStdString();
  const QString text = strip().text();
  EXPECT_TRUE(
      text.contains(QStringLiteral("Derived: softmax_scale_multiplier = 1.8738542070926265, "
                                   "mscale(factor, mscale_all_dim)^2")))
      << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("Note: multi-head latent attention")))
      << text.toStdString();
  // A model that derives nothing says nothing of the kind.
  ASSERT_TRUE(m_window->openModel(llamaFolder(), &error)) << error.toStdString();
  EXPECT_FALSE(strip().text().contains(QStringLiteral("Derived:"))) << strip().text().toStdString();
}

TEST_F(Models, TheStripSaysWhichTensorsWereFoundAndWhichAreStandIns) {
  // tests/data/arrays/model.safetensors holds wpe.weight (3 x 4, F32); the sharded pair holds
  // transformer.wpe.weight (4 x 2) in its first shard.
  const QString arrays = QStringLiteral(POSENC_SOURCE_DIR "/tests/data/arrays/");
  const QString single =
      modelFolder(QStringLiteral("gpt2-tiny"), R"({"model_type": "gpt2", "n_positions": 3,
                                                  "n_embd": 4})");
  ASSERT_TRUE(QFile::copy(arrays + QStringLiteral("model.safetensors"),
                          single + QStringLiteral("/model.safetensors")));
  QString error;
  ASSERT_TRUE(m_window->openModel(single, &error)) << error.toStdString();
  EXPECT_EQ(m_window->controller().scheme().info().id, "learned");
  EXPECT_TRUE(
      strip().text().contains(QStringLiteral("wpe.weight (3 x 4, F32) from model.safetensors")))
      << strip().text().toStdString();

  const QString sharded =
      modelFolder(QStringLiteral("gpt2-sharded"), R"({"model_type": "gpt2", "n_positions": 4,
                                                     "n_embd": 2})");
  for (const char* f : {"model.safetensors.index.json", "model-00001-of-00002.safetensors",
                        "model-00002-of-00002.safetensors"})
    ASSERT_TRUE(QFile::copy(arrays + QString::fromLatin1(f),
                            sharded + QLatin1Char('/') + QString::fromLatin1(f)));
  ASSERT_TRUE(m_window->openModel(sharded, &error)) << error.toStdString();
  EXPECT_TRUE(strip().text().contains(
      QStringLiteral("transformer.wpe.weight (4 x 2, F32) from model-00001-of-00002.safetensors")))
      << strip().text().toStdString();

  // A BERT config beside a checkpoint without its table: a stand-in, said so.
  const QString bert =
      modelFolder(QStringLiteral("bert-tiny"),
                  R"({"model_type": "bert", "max_position_embeddings": 3, "hidden_size": 4})");
  ASSERT_TRUE(QFile::copy(arrays + QStringLiteral("model.safetensors"),
                          bert + QStringLiteral("/model.safetensors")));
  ASSERT_TRUE(m_window->openModel(bert, &error)) << error.toStdString();
  EXPECT_TRUE(strip().text().contains(QStringLiteral("not in the checkpoint")))
      << strip().text().toStdString();
  // A config alone: no checkpoint, every table a stand-in.
  ASSERT_TRUE(m_window->openModel(modelFolder(QStringLiteral("gpt2-config-only"),
                                              R"({"model_type": "gpt2", "n_positions": 8,
                                                  "n_embd": 4})")));
  EXPECT_TRUE(strip().text().contains(QStringLiteral("No checkpoint found")))
      << strip().text().toStdString();
}

TEST_F(Models, TheLabelStaysWhileTheParametersComeFromTheModel) {
  ASSERT_TRUE(m_window->openModel(llamaFolder()));
  // A parameter the model did not set (yarn's beta_fast, unused by llama3) keeps the label.
  ASSERT_FALSE(m_window->models().opened()->modelSet.has("beta_fast"));
  Session other = m_window->currentSession();
  other.params.set("beta_fast", 40.0);
  m_window->applySession(other);
  ASSERT_EQ(m_window->controller().params().getReal("beta_fast"), 40.0);
  EXPECT_EQ(m_window->models().label(), QStringLiteral("llama-3.1-8b"));
  // The scheme's defaults (base and factor no longer the model's) hide it; undo shows it.
  m_window->applySession(session("rope", {}));
  EXPECT_TRUE(m_window->models().label().isEmpty());
  m_window->undoStack().undo();
  EXPECT_EQ(m_window->models().label(), QStringLiteral("llama-3.1-8b"));
  m_window->applySession(session("alibi", {}));
  EXPECT_TRUE(m_window->models().label().isEmpty());
  EXPECT_FALSE(strip().isVisible());
  EXPECT_FALSE(m_window->windowTitle().contains(QStringLiteral("llama-3.1-8b")));
  m_window->undoStack().undo();
  EXPECT_EQ(m_window->models().label(), QStringLiteral("llama-3.1-8b"));
  EXPECT_TRUE(strip().isVisible());
}

TEST_F(Models, SessionsKeepTheModelAndSaySoWhenItIsGone) {
  // Issue 26 item 15: after a restart the trained table was drawn again (its file is a
  // parameter) but the model's name was gone from the strip, the title and the pictures.
  const QString arrays = QStringLiteral(POSENC_SOURCE_DIR "/tests/data/arrays/");
  const QString gpt2 =
      modelFolder(QStringLiteral("gpt2-tiny"), R"({"model_type": "gpt2", "n_positions": 3,
                                                  "n_embd": 4})");
  ASSERT_TRUE(QFile::copy(arrays + QStringLiteral("model.safetensors"),
                          gpt2 + QStringLiteral("/model.safetensors")));
  QString error;
  ASSERT_TRUE(m_window->openModel(gpt2, &error)) << error.toStdString();
  ASSERT_EQ(m_window->models().label(), QStringLiteral("gpt2-tiny"));
  const Session withModel = m_window->currentSession();
  EXPECT_EQ(withModel.model, QFileInfo(gpt2).absoluteFilePath());
  EXPECT_EQ(readSession(writeSession(withModel)), withModel);  // written and read back

  // The next start restores it with its name.
  m_window->close();
  m_window = std::make_unique<MainWindow>();
  m_window->setUnsavedPrompt([] { return QMessageBox::Discard; });
  m_window->restoreLastSession();
  m_window->show();
  EXPECT_EQ(m_window->controller().scheme().info().id, "learned");
  EXPECT_EQ(m_window->models().label(), QStringLiteral("gpt2-tiny"));
  EXPECT_TRUE(strip().isVisible());
  EXPECT_TRUE(m_window->windowTitle().contains(QStringLiteral("gpt2-tiny")))
      << m_window->windowTitle().toStdString();

  // A session whose model is gone opens with its scheme and parameters, says why the name is
  // missing, and shows no name.
  const QString llama = llamaFolder();
  ASSERT_TRUE(m_window->openModel(llama, &error)) << error.toStdString();
  const QString file = m_dir.filePath(QStringLiteral("llama.posenc.json"));
  ASSERT_TRUE(m_window->saveSession(file, &error)) << error.toStdString();
  ASSERT_TRUE(QDir(llama).removeRecursively());
  m_window->applySession(session("alibi", {}));
  ASSERT_TRUE(m_window->openSession(file, &error)) << error.toStdString();
  EXPECT_EQ(m_window->controller().scheme().info().id, "rope");
  EXPECT_DOUBLE_EQ(m_window->controller().params().getReal("factor"), 8.0);
  EXPECT_TRUE(m_window->models().label().isEmpty());
  EXPECT_FALSE(strip().isVisible());
  const auto* bar = m_window->findChild<QWidget*>(QStringLiteral("ProblemBar"));
  ASSERT_NE(bar, nullptr);
  EXPECT_TRUE(bar->isVisible());
  EXPECT_TRUE(m_window->problems().text().contains(QStringLiteral("llama-3.1-8b")))
      << m_window->problems().text().toStdString();
}

TEST_F(Models, ARepoIdResolvesInTheHuggingFaceCache) {
  const QString cache = m_dir.filePath(QStringLiteral("hub"));
  cacheModel(cache, QStringLiteral("EleutherAI"), QStringLiteral("tiny-neox"), kNeoxConfig);
  const ScopedEnv env("HF_HUB_CACHE", QFile::encodeName(cache));
  QString error;
  ASSERT_TRUE(m_window->openModel(QStringLiteral("EleutherAI/tiny-neox"), &error))
      << error.toStdString();
  EXPECT_EQ(m_window->models().label(), QStringLiteral("EleutherAI/tiny-neox"));
  EXPECT_EQ(m_window->controller().scheme().info().id, "rope");
  EXPECT_EQ(m_window->models().recentModels(), QStringList{QStringLiteral("EleutherAI/tiny-neox")});
  EXPECT_TRUE(m_window->models().missingRecentModels().isEmpty());
}

TEST_F(Models, BrokenConfigsAreRefusedWithTheFileAndTheReasonAndNothingChanges) {
  ASSERT_TRUE(m_window->openModel(llamaFolder()));
  m_window->applySession(session("alibi", {{"heads", "12"}}));
  const Session before = m_window->currentSession();
  const int steps = m_window->undoStack().count();
  const QStringList recent = m_window->models().recentModels();
  const QString title = m_window->windowTitle();
  struct Case {
    const char* name;
    QByteArray text;
    const char* reason;
  };
  for (const Case& c : {Case{"notjson", "{ \"model_type\": ", "JSON"},
                        Case{"unknown", R"({"model_type": "no_such_model"})", "no_such_model"},
                        Case{"empty", "", ""}}) {
    SCOPED_TRACE(c.name);
    const QString folder = modelFolder(QString::fromLatin1(c.name), c.text);
    QString error;
    EXPECT_FALSE(m_window->openModel(folder, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("config.json"))) << error.toStdString();
    EXPECT_TRUE(error.contains(QString::fromLatin1(c.reason))) << error.toStdString();
    EXPECT_EQ(m_window->currentSession(), before);
    EXPECT_EQ(m_window->undoStack().count(), steps);
    EXPECT_EQ(m_window->models().recentModels(), recent);
    EXPECT_EQ(m_window->windowTitle(), title);
  }
  // Without `error` the reason is shown in a box over the window, which stays as it was.
  EXPECT_FALSE(m_window->openModel(m_dir.filePath(QStringLiteral("notjson"))));
  auto* box = m_window->findChild<QMessageBox*>(QStringLiteral("ModelRefused"));
  ASSERT_NE(box, nullptr);
  EXPECT_TRUE(box->text().contains(QStringLiteral("notjson"))) << box->text().toStdString();
  box->close();
  EXPECT_EQ(m_window->currentSession(), before);
  // Nothing there at all.
  QString error;
  EXPECT_FALSE(m_window->openModel(m_dir.filePath(QStringLiteral("nowhere")), &error));
  EXPECT_TRUE(error.contains(QStringLiteral("nowhere"))) << error.toStdString();
}

/// Where the data of a safetensors file starts: after its 8-byte length and its header.
std::uint64_t dataStart(const std::string& bytes) {
  std::uint64_t header = 0;
  for (int k = 7; k >= 0; --k)
    header = (header << 8) | static_cast<unsigned char>(bytes[static_cast<std::size_t>(k)]);
  return 8 + header;
}

TEST_F(Models, ACheckpointCutShortWhileTheWindowReadsItIsRefusedAndNothingChanges) {
  // Issue 27: a checkpoint copied, downloaded or rewritten while the window read it killed the
  // program with SIGBUS (it was memory-mapped). Now the read finds the new end: the window
  // lives, says which file changed, and what was open stays open.
  const test::TinyModel gpt2 = test::tinyModel("gpt2");
  const std::filesystem::path before = m_dir.filePath(QStringLiteral("gpt2-before")).toStdString();
  test::writeTinyModel(before, gpt2);
  QString error;
  ASSERT_TRUE(m_window->openModel(qs(before.string()), &error)) << error.toStdString();
  Session edited = m_window->currentSession();
  edited.params.set("measure", std::string("cosine"));  // an edit after it: the label stays
  m_window->applySession(edited);
  ASSERT_EQ(m_window->models().label(), QStringLiteral("gpt2-before"));
  waitUntilShown(m_window->cellView(0));
  const Session shown = m_window->currentSession();
  const int steps = m_window->undoStack().count();
  const int index = m_window->undoStack().index();
  const QStringList recent = m_window->models().recentModels();
  const QString title = m_window->windowTitle();
  const QString stripText = strip().text();
  ASSERT_TRUE(strip().isVisible());

  const std::filesystem::path cut = m_dir.filePath(QStringLiteral("gpt2-cut")).toStdString();
  const std::filesystem::path checkpoint = cut / "model.safetensors";
  const std::string bytes = test::safetensorsBytes(gpt2.tensors);
  const std::uint64_t data = dataStart(bytes);
  struct Case {
    const char* when;
    std::uint64_t from;  ///< Cut before the first read at or past this byte.
    std::uint64_t keep;  ///< The bytes left.
  };
  // While its header is read (the worker's modelSetup), and while the position table is read
  // (its values, once the mapping is known).
  for (const Case& c : {Case{"header", 8, 20}, Case{"data", data, data + 100}}) {
    SCOPED_TRACE(c.when);
    test::writeTinyModel(cut, gpt2);
    {
      const test::CutWhileRead cutter(checkpoint, c.from, c.keep);
      m_window->models().openModelAsync(qs(cut.string()));  // as Open Model, a drop, a recent
      EXPECT_FALSE(waitForModel());
      EXPECT_TRUE(cutter.cut());
    }
    EXPECT_EQ(std::filesystem::file_size(checkpoint), c.keep);
    QMessageBox* box = nullptr;
    for (auto* b : m_window->findChildren<QMessageBox*>(QStringLiteral("ModelRefused")))
      if (b->isVisible()) box = b;
    ASSERT_NE(box, nullptr);
    const QString text = box->text();
    const QString reason = QStringLiteral(
                               "%1: changed while it was read (it was %2 bytes when "
                               "opened, now ends at %3)")
                               .arg(qs(checkpoint.string()))
                               .arg(bytes.size())
                               .arg(c.keep);
    EXPECT_TRUE(text.contains(reason)) << text.toStdString();
    // The config is not to blame: it is named only as the model's folder is.
    EXPECT_FALSE(text.contains(QStringLiteral("config.json"))) << text.toStdString();
    box->close();
    EXPECT_FALSE(m_window->models().busy());
    EXPECT_EQ(m_window->currentSession(), shown);
    EXPECT_EQ(m_window->undoStack().count(), steps);
    EXPECT_EQ(m_window->undoStack().index(), index);
    EXPECT_EQ(m_window->models().label(), QStringLiteral("gpt2-before"));
    EXPECT_EQ(m_window->models().opened()->given, qs(before.string()));
    EXPECT_EQ(m_window->models().shownModel(), qs(before.string()));
    EXPECT_EQ(m_window->models().recentModels(), recent);
    EXPECT_EQ(m_window->windowTitle(), title);
    EXPECT_TRUE(strip().isVisible());
    EXPECT_EQ(strip().text(), stripText);
  }
  // The window goes on: the model opened before still draws, and the checkpoint written
  // whole again opens.
  m_window->applySession(session("learned", {}));
  m_window->undoStack().undo();
  waitUntilShown(m_window->cellView(0));
  EXPECT_EQ(m_window->currentSession(), shown);
  test::writeTinyModel(cut, gpt2);
  m_window->models().openModelAsync(qs(cut.string()));
  EXPECT_TRUE(waitForModel());
  EXPECT_EQ(m_window->models().label(), QStringLiteral("gpt2-cut"));
}

TEST_F(Models, DroppingAModelFolderOrConfigOpensItAndSessionsStillDrop) {
  drop(llamaFolder());
  EXPECT_TRUE(waitForModel());
  EXPECT_EQ(m_window->models().label(), QStringLiteral("llama-3.1-8b"));
  const QString neox = modelFolder(QStringLiteral("neox"), kNeoxConfig);
  drop(neox + QStringLiteral("/config.json"));
  EXPECT_TRUE(waitForModel());
  EXPECT_EQ(m_window->models().label(), QStringLiteral("neox"));
  // A session file dropped opens as a session, as before.
  const QString sessionPath = m_dir.filePath(QStringLiteral("s.json"));
  m_window->applySession(session("alibi", {{"heads", "12"}}));
  ASSERT_TRUE(m_window->saveSession(sessionPath));
  m_window->applySession(session("sinusoidal", {}));
  drop(sessionPath);
  EXPECT_EQ(m_window->controller().scheme().info().id, "alibi");
  // A broken model dropped: a box naming it, and the window as it was.
  const Session before = m_window->currentSession();
  drop(modelFolder(QStringLiteral("broken"), "[1, 2"));
  EXPECT_FALSE(waitForModel());
  auto* box = m_window->findChild<QMessageBox*>(QStringLiteral("ModelRefused"));
  ASSERT_NE(box, nullptr);
  EXPECT_TRUE(box->text().contains(QStringLiteral("broken"))) << box->text().toStdString();
  box->close();
  EXPECT_EQ(m_window->currentSession(), before);
}

TEST_F(Models, RecentModelsAreNewestFirstAtMostEightAndCanBeCleared) {
  QStringList folders;
  for (int k = 0; k < 9; ++k) {
    folders << modelFolder(QStringLiteral("m%1").arg(k), kNeoxConfig);
    ASSERT_TRUE(m_window->openModel(folders.last()));
  }
  QStringList recent = m_window->models().recentModels();
  ASSERT_EQ(recent.size(), settings::kMaxRecentModels);
  EXPECT_EQ(recent.first(), folders[8]);
  EXPECT_EQ(recent.last(), folders[1]);
  EXPECT_FALSE(recent.contains(folders[0]));
  ASSERT_TRUE(m_window->openModel(folders[4]));  // opened again: first, not twice
  recent = m_window->models().recentModels();
  EXPECT_EQ(recent.first(), folders[4]);
  EXPECT_EQ(recent.count(folders[4]), 1);
  EXPECT_EQ(recent.size(), settings::kMaxRecentModels);

  // A folder deleted since: greyed out in File > Recent Models, with a note.
  ASSERT_TRUE(QDir(folders[5]).removeRecursively());
  ASSERT_TRUE(m_window->openModel(folders[6]));  // the menu is rebuilt
  EXPECT_EQ(m_window->models().missingRecentModels(), QStringList{folders[5]});
  auto* menu = m_window->findChild<QMenu*>(QStringLiteral("recentModels"));
  ASSERT_NE(menu, nullptr);
  int greyed = 0;
  for (QAction* a : menu->actions())
    if (a->text().contains(QDir::toNativeSeparators(folders[5]))) {
      EXPECT_FALSE(a->isEnabled());
      EXPECT_TRUE(a->text().contains(QStringLiteral("not found")));
      ++greyed;
    }
  EXPECT_EQ(greyed, 1);
  // Choosing an entry opens it.
  for (QAction* a : menu->actions())
    if (a->text() == QDir::toNativeSeparators(folders[7])) a->trigger();
  EXPECT_TRUE(waitForModel());
  EXPECT_EQ(m_window->models().recentModels().first(), folders[7]);

  m_window->models().clearRecentModels();
  EXPECT_TRUE(m_window->models().recentModels().isEmpty());
  EXPECT_FALSE(menu->isEnabled());
}

TEST_F(Models, TheStartCardOffersAModelAndTheRecentOnes) {
  auto* menus = m_window->findChild<Menus*>();
  ASSERT_NE(menus, nullptr);
  // The dialog File > Open Model opens would wait for a user: count the request only.
  QObject::disconnect(menus, &Menus::openModelRequested, nullptr, nullptr);
  const QSignalSpy open(menus, &Menus::openModelRequested);
  m_window->showStartPage();
  auto* card = m_window->findChild<StartPage*>();
  ASSERT_NE(card, nullptr);
  QTest::mouseClick(card->findChild<QCommandLinkButton*>(QStringLiteral("OpenModel")),
                    Qt::LeftButton);
  EXPECT_EQ(open.count(), 1);
  EXPECT_FALSE(card->isVisible());
  auto* list = card->findChild<QListWidget*>(QStringLiteral("StartRecentModels"));
  ASSERT_NE(list, nullptr);
  EXPECT_EQ(list->count(), 0);

  const QString llama = llamaFolder();
  ASSERT_TRUE(m_window->openModel(llama));
  m_window->applySession(session("alibi", {}));
  m_window->showStartPage();
  ASSERT_EQ(list->count(), 1);
  EXPECT_TRUE(list->isVisible());
  QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                    list->visualItemRect(list->item(0)).center());
  EXPECT_TRUE(waitForModel());
  EXPECT_EQ(m_window->models().label(), QStringLiteral("llama-3.1-8b"));
}

TEST_F(Models, TheDialogListsTheCacheWithTheSchemeEachMapsTo) {
  const QString cache = m_dir.filePath(QStringLiteral("hub"));
  cacheModel(cache, QStringLiteral("EleutherAI"), QStringLiteral("tiny-neox"), kNeoxConfig);
  cacheModel(cache, QStringLiteral("someone"), QStringLiteral("odd"),
             R"({"model_type": "no_such_model"})");
  OpenModelDialog dialog(m_window.get(), QFile::encodeName(cache).toStdString());
  ASSERT_EQ(dialog.modelCount(), 2);
  auto* list = dialog.findChild<QListWidget*>(QStringLiteral("CachedModels"));
  ASSERT_NE(list, nullptr);
  EXPECT_TRUE(list->item(0)->text().contains(QStringLiteral("EleutherAI/tiny-neox")));
  EXPECT_TRUE(list->item(0)->text().contains(QStringLiteral("RoPE")))
      << list->item(0)->text().toStdString();
  EXPECT_TRUE(list->item(1)->text().contains(QStringLiteral("not mapped")));
  list->setCurrentRow(0);
  dialog.findChild<QPushButton*>(QStringLiteral("OpenCached"))->click();
  EXPECT_EQ(dialog.result(), QDialog::Accepted);
  EXPECT_EQ(dialog.chosen(), QStringLiteral("EleutherAI/tiny-neox"));

  // An empty cache says where it looked and how models get there.
  const QString empty = m_dir.filePath(QStringLiteral("empty"));
  OpenModelDialog none(m_window.get(), QFile::encodeName(empty).toStdString());
  EXPECT_EQ(none.modelCount(), 0);
  bool said = false;
  for (const QLabel* label : none.findChildren<QLabel*>())
    said |= label->text().contains(QDir::toNativeSeparators(empty)) &&
            label->text().contains(QStringLiteral("huggingface-cli"));
  EXPECT_TRUE(said);
  EXPECT_FALSE(none.findChild<QPushButton*>(QStringLiteral("OpenCached"))->isEnabled());
}

}  // namespace
}  // namespace posenc::ui
