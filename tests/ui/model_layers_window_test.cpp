// SPDX-License-Identifier: GPL-3.0-or-later
// A model whose layers differ, in the window (issue 29 item 3): the layer drawn is named in the
// strip, the title and the pictures; the chooser beside the strip picks a layer by index or by
// type through the core's layerSetup (one undo step each), undo follows the layer back,
// sessions remember the layer, and the Layers... window draws and exports the core's layers
// view. Offscreen; the models are published configs of tests/data/model-configs copied as a
// folder's config.json (a config alone is the whole of a RoPE model).
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QXmlStreamReader>
#include <gtest/gtest.h>

#include <cmath>
#include <qcustomplot.h>

#include "posenc/base/scheme.hpp"
#include "posenc/check/check.hpp"
#include "posenc_ui/check/check_window.h"
#include "posenc_ui/io/session_io.h"
#include "posenc_ui/models/layer_chooser.h"
#include "posenc_ui/models/model_actions.h"
#include "posenc_ui/plot/plot_parts.h"
#include "posenc_ui/window/main_window.h"
#include "support/main_window_fixture.hpp"
#include "support/tensor_files.hpp"
#include "support/ui_values.hpp"

namespace posenc::ui {
namespace {

class ModelLayersWindow : public test::MainWindowTest {
 protected:
  /// tests/data/model-configs/FILE as NAME/config.json under the temp dir; returns the folder.
  QString modelFolder(const QString& name, const char* file) {
    const QString folder = m_dir.filePath(name);
    EXPECT_TRUE(QDir().mkpath(folder));
    EXPECT_TRUE(QFile::copy(QStringLiteral(POSENC_SOURCE_DIR "/tests/data/model-configs/") +
                                QString::fromLatin1(file),
                            folder + QStringLiteral("/config.json")));
    return folder;
  }
  QString gemma() { return modelFolder(QStringLiteral("gemma-3-27b"), "medgemma_27b_it.json"); }
  LayerChooser& chooser() { return *m_window->models().chooser(); }
  QString subtitle() {
    waitUntilShown(m_window->cellView(0));
    return m_window->plotView(0).plot().property(kDescriptionProperty).toString();
  }

  /// The rope scheme's cos under `sets` (64 positions), written as cos.npy and checked in the
  /// window's check against the layer shown, rows 0:64; the report is the check window's.
  void checkRopeCos(const std::vector<std::pair<std::string, std::string>>& sets) {
    const Scheme& rope = findScheme("rope");
    const MatrixResult m = computeMatrix(rope, makeParams(rope, sets), "cos");
    std::vector<double> values;
    for (Index r = 0; r < m.values.rows(); ++r)
      for (Index c = 0; c < m.values.cols(); ++c) values.push_back(m.values(r, c));
    const std::filesystem::path file = m_dir.filePath(QStringLiteral("cos.npy")).toStdString();
    test::writeNpy(file, {m.values.rows(), m.values.cols()}, values);
    CheckWindow& check = m_window->checkWindow();
    check.setRegion(QStringLiteral("0:64"), QString());
    QSignalSpy done(&check, &CheckWindow::checked);
    check.checkFile(QString::fromStdString(file.string()));
    for (int k = 0; k < 250 && done.isEmpty(); ++k) QTest::qWait(20);
  }

  QTemporaryDir m_dir;
};

TEST_F(ModelLayersWindow, AGemma3FolderOpensAtItsGlobalLayerAndSaysSo) {
  QString error;
  ASSERT_TRUE(m_window->openModel(gemma(), &error)) << error.toStdString();
  // configuration_gemma3.py: the global layers (every 6th from 5) use rope_theta 1e6, linear x8.
  const ParamSet& p = m_window->controller().params();
  EXPECT_DOUBLE_EQ(p.getReal("base"), 1e6);
  EXPECT_EQ(p.getChoice("scaling"), "linear");
  const QString label = QStringLiteral("gemma-3-27b, layer 5 of 62: full_attention");
  EXPECT_EQ(m_window->models().label(), label);
  EXPECT_TRUE(m_window->windowTitle().contains(label)) << m_window->windowTitle().toStdString();
  EXPECT_TRUE(subtitle().contains(label)) << subtitle().toStdString();
  const QString strip = m_window->models().strip()->text();
  EXPECT_TRUE(strip.contains(QStringLiteral("Layers: 52 sliding_attention")))
      << strip.toStdString();
  ASSERT_TRUE(chooser().isVisible());
  EXPECT_EQ(chooser().indexBox()->value(), 5);
  EXPECT_EQ(chooser().indexBox()->maximum(), 61);
  ASSERT_EQ(chooser().typeBox()->count(), 2);
  EXPECT_EQ(chooser().typeBox()->currentIndex(), 1);
  EXPECT_TRUE(chooser().typeBox()->itemText(0).startsWith(QStringLiteral("sliding_attention (52")))
      << chooser().typeBox()->itemText(0).toStdString();
}

TEST_F(ModelLayersWindow, TheChooserDrawsALayerByIndexOrTypeAndUndoFollowsIt) {
  ASSERT_TRUE(m_window->openModel(gemma()));
  chooser().indexBox()->setValue(12);  // a local layer: rope_local_base_freq 10000, no scaling
  const ParamSet& p = m_window->controller().params();
  EXPECT_DOUBLE_EQ(p.getReal("base"), 10000.0);
  EXPECT_EQ(p.getChoice("scaling"), "none");
  const QString local = QStringLiteral("gemma-3-27b, layer 12 of 62: sliding_attention");
  EXPECT_EQ(m_window->models().label(), local);
  EXPECT_EQ(m_window->undoStack().undoText(), QStringLiteral("Open model ") + local);
  EXPECT_EQ(chooser().typeBox()->currentIndex(), 0);
  EXPECT_TRUE(subtitle().contains(local));
  // By type: the first full_attention layer.
  emit chooser().typeBox()->activated(1);
  EXPECT_EQ(m_window->models().label(),
            QStringLiteral("gemma-3-27b, layer 5 of 62: full_attention"));
  EXPECT_EQ(chooser().indexBox()->value(), 5);
  EXPECT_DOUBLE_EQ(m_window->controller().params().getReal("base"), 1e6);
  // Undo goes back to the local layer's values, and the name follows them.
  m_window->undoStack().undo();
  EXPECT_DOUBLE_EQ(m_window->controller().params().getReal("base"), 10000.0);
  EXPECT_TRUE(m_window->models().label().contains(QStringLiteral("sliding_attention")))
      << m_window->models().label().toStdString();
  EXPECT_EQ(chooser().typeBox()->currentIndex(), 0);
}

TEST_F(ModelLayersWindow, ANoPELayerOfLlama4IsDrawnWithoutPositions) {
  ASSERT_TRUE(
      m_window->openModel(modelFolder(QStringLiteral("scout"), "llama4_scout_excerpt.json")));
  EXPECT_EQ(m_window->controller().scheme().info().id, "rope");  // layer 0: chunked, RoPE
  chooser().indexBox()->setValue(3);  // configuration_llama4.py no_rope_layers: every 4th
  EXPECT_EQ(m_window->controller().scheme().info().id, "nope");
  EXPECT_EQ(m_window->models().label(), QStringLiteral("scout, layer 3 of 48: full_attention"));
  EXPECT_TRUE(chooser().isVisible());
}

TEST_F(ModelLayersWindow, SessionsRememberTheLayer) {
  ASSERT_TRUE(m_window->openModel(gemma()));
  chooser().indexBox()->setValue(0);
  const Session s = m_window->currentSession();
  ASSERT_EQ(s.modelLayer, 0);
  const Session back = readSession(writeSession(s));
  EXPECT_EQ(back, s);
  // Opened again (the model read anew): layer 0, not the model's default layer 5.
  m_window->applySession(test::session("alibi", {}));
  EXPECT_TRUE(m_window->models().label().isEmpty());
  m_window->applySession(back);
  EXPECT_EQ(m_window->models().label(),
            QStringLiteral("gemma-3-27b, layer 0 of 62: sliding_attention"));
  // A model whose layers are all alike has no chooser and no layer in its sessions.
  ASSERT_TRUE(m_window->openModel(modelFolder(QStringLiteral("ds3"), "deepseek_v3.json")));
  EXPECT_FALSE(chooser().isVisible());
  EXPECT_EQ(m_window->models().label(), QStringLiteral("ds3"));
  EXPECT_FALSE(m_window->currentSession().modelLayer.has_value());
}

TEST_F(ModelLayersWindow, ASessionsModelLayerMustBeALayerIndex) {
  const QByteArray good =
      R"({"format": "posenc-session", "version": 1, "scheme": "rope", "params": {},
          "model": "/m", "model_layer": 3})";
  EXPECT_EQ(readSession(good).modelLayer, 3);
  for (const char* bad : {R"("model_layer": -1)", R"("model_layer": 1.5)", R"("model_layer": "3")",
                          R"("model_layer": 65536)"}) {
    SCOPED_TRACE(bad);
    const QByteArray doc = QByteArray(R"({"format": "posenc-session", "version": 1, "scheme":
        "rope", "params": {}, "model": "/m", )") +
                           bad + "}";
    try {
      (void)readSession(doc);
      ADD_FAILURE() << "accepted";
    } catch (const SessionError& e) {
      EXPECT_NE(QString::fromUtf8(e.what()).indexOf(QStringLiteral("model_layer")), -1) << e.what();
    }
  }
  EXPECT_THROW((void)readSession(R"({"format": "posenc-session", "version": 1, "scheme": "rope",
                                    "params": {}, "model_layer": 3})"),
               SessionError);
}

TEST_F(ModelLayersWindow, TheWindowsCheckNamesAnotherLayersBaseAsTheCommandLineDoes) {
  // Gemma 3's local layer 0 computed with the global layers' base and scaling (1e6, linear
  // x8; configuration_gemma3.py): the check window knows the layer shown and names the slip,
  // as `posenc check --model M --layer 0` does (CheckOptions::layer).
  ASSERT_TRUE(m_window->openModel(gemma()));
  chooser().indexBox()->setValue(0);
  m_window->setCellView(0, QStringLiteral("cos"));
  waitUntilShown(QStringLiteral("cos"));
  ASSERT_FALSE(m_window->models().label().isEmpty());
  std::vector<std::pair<std::string, std::string>> global = {
      {"dim", "128"},  {"base", "1000000"}, {"scaling", "linear"},
      {"factor", "8"}, {"length", "64"},    {"train_length", "131072"}};
  CheckWindow& check = m_window->checkWindow();
  checkRopeCos(global);
  ASSERT_TRUE(check.report().has_value());
  const CheckReport& r = *check.report();
  EXPECT_FALSE(r.matches());
  ASSERT_FALSE(r.diagnosis.empty());
  EXPECT_EQ(r.diagnosis.front().id, "layer_rope") << r.diagnosis.front().text;
  EXPECT_TRUE(r.diagnosis.front().explains);
}

TEST_F(ModelLayersWindow, TheWindowsCheckOfANoPELayerNamesRoPEAppliedOnIt) {
  // Llama 4's layer 3 has no positional encoding (configuration_llama4.py no_rope_layers); an
  // engineer's cos cache for it is the RoPE layers' applied where none belongs. The window
  // checks the view it shows (the NoPE layer's mask); the core's checkView tries the RoPE
  // layers' views on yours and names the slip, as posenc check --model M --layer 3 does.
  const QString folder = modelFolder(QStringLiteral("scout"), "llama4_scout_excerpt.json");
  ASSERT_TRUE(m_window->openModel(folder));
  chooser().indexBox()->setValue(3);
  ASSERT_EQ(m_window->controller().scheme().info().id, "nope");
  m_window->setCellView(0, QStringLiteral("mask"));
  waitUntilShown(QStringLiteral("mask"));
  QFile config(folder + QStringLiteral("/config.json"));
  ASSERT_TRUE(config.open(QIODevice::ReadOnly));
  const ModelMapping mapping = mapConfig(config.readAll().toStdString(), "config.json");
  auto sets = mapping.layers[0].params;  // a RoPE layer's (chunked_attention)
  sets.emplace_back("length", "64");
  CheckWindow& check = m_window->checkWindow();
  checkRopeCos(sets);
  ASSERT_TRUE(check.report().has_value());
  const CheckReport& r = *check.report();
  EXPECT_FALSE(r.matches());
  ASSERT_FALSE(r.diagnosis.empty());
  EXPECT_EQ(r.diagnosis.front().id, "rope_on_nope") << r.diagnosis.front().text;
  // The window shows the slip's sentence from its template.
  const QLabel* shown = nullptr;
  for (const QLabel* l : check.findChildren<QLabel*>())
    if (l->text().contains(QStringLiteral("RoPE on a NoPE layer"))) shown = l;
  EXPECT_NE(shown, nullptr);
}

TEST_F(ModelLayersWindow, TheModelsNotesAndDerivedValuesSpeakChinese) {
  // The core's notes and formulas are data (Message): the strip says DeepSeek-V3's MLA note
  // and its softmax-scale formula in Chinese, with the config's numbers in their holes.
  ASSERT_TRUE(m_window->openModel(modelFolder(QStringLiteral("ds3"), "deepseek_v3.json")));
  const QString english = m_window->models().strip()->text();
  EXPECT_TRUE(english.contains(QStringLiteral("multi-head latent attention: RoPE on the 64 dims")))
      << english.toStdString();
  m_window->setLanguage(QStringLiteral("zh_CN"));
  QTest::qWait(50);  // the language change arrives as an event
  const QString chinese = m_window->models().strip()->text();
  EXPECT_TRUE(
      chinese.contains(QStringLiteral("多头潜在注意力（MLA）：RoPE 只作用于 "
                                      "qk_rope_head_dim 的 64 维")))
      << chinese.toStdString();
  EXPECT_TRUE(chinese.contains(QStringLiteral("(0.1 * 1 * ln(40) + 1)^2（modeling_deepseek_v3.py")))
      << chinese.toStdString();
  EXPECT_FALSE(chinese.contains(QStringLiteral("multi-head latent attention")));
  m_window->setLanguage(QStringLiteral("en"));
  QTest::qWait(50);
}

TEST_F(ModelLayersWindow, TheLayersWindowDrawsAndExportsTheStack) {
  ASSERT_TRUE(m_window->openModel(gemma()));
  chooser().layersButton()->click();
  auto* dialog = m_window->findChild<LayersDialog*>(QStringLiteral("LayersDialog"));
  ASSERT_NE(dialog, nullptr);
  EXPECT_TRUE(dialog->isVisible());
  EXPECT_EQ(dialog->plot()->plottableCount(), 2);  // a colour per kind of layer
  // Hovering a bar names its layer.
  const double x5 = dialog->plot()->xAxis->coordToPixel(5.0);
  EXPECT_EQ(dialog->barText(x5),
            QStringLiteral("layer 5: full_attention: rope base=1000000 scaling=linear factor=8\n"
                           "reaches 131072 keys"));
  EXPECT_TRUE(dialog->barText(dialog->plot()->xAxis->coordToPixel(0.0))
                  .contains(QStringLiteral("window 1024")));
  EXPECT_TRUE(dialog->barText(dialog->plot()->xAxis->coordToPixel(-5.0)).isEmpty());
  // On the log axis each bar's top stands at its value (QCPBars stacks a value on its base:
  // a window of 1024 was drawn at 1024 + the axis' bottom, about 1830).
  for (int k = 0; k < dialog->plot()->plottableCount(); ++k) {
    auto* bars = qobject_cast<QCPBars*>(dialog->plot()->plottable(k));
    ASSERT_NE(bars, nullptr);
    for (int j = 0; j < bars->dataCount(); ++j) {
      if (!std::isfinite(bars->dataMainValue(j))) continue;
      const double layer = bars->dataMainKey(j);
      const double top = dialog->plot()->yAxis->pixelToCoord(bars->dataPixelPosition(j).y());
      EXPECT_NEAR(std::log10(top), std::log10(std::fmod(layer, 6) == 5 ? 131072 : 1024), 0.002)
          << "layer " << layer;
    }
  }
  const QString svg = m_dir.filePath(QStringLiteral("layers.svg"));
  EXPECT_TRUE(dialog->exportTo(svg).isEmpty());
  QFile f(svg);
  ASSERT_TRUE(f.open(QIODevice::ReadOnly));
  QXmlStreamReader xml(&f);  // every SVG must parse as XML
  while (!xml.atEnd()) xml.readNext();
  EXPECT_FALSE(xml.hasError()) << xml.errorString().toStdString();
  const QString csv = m_dir.filePath(QStringLiteral("layers.csv"));
  EXPECT_TRUE(dialog->exportTo(csv).isEmpty());
  QFile c(csv);
  ASSERT_TRUE(c.open(QIODevice::ReadOnly));
  EXPECT_TRUE(c.readLine().startsWith("x,"));
  EXPECT_EQ(c.readLine().trimmed(), QByteArray("0,1024,nan"));  // layer 0: window 1024
  EXPECT_FALSE(dialog->exportTo(m_dir.filePath(QStringLiteral("layers.txt"))).isEmpty());
  dialog->close();
}

}  // namespace
}  // namespace posenc::ui
