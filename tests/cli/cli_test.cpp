// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the built `posenc` as a user or a script would and checks what it writes.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

#include "posenc/base/scheme.hpp"
#include "support/cli_json.hpp"
#include "support/posenc_cli.hpp"
#include "support/sanitized.hpp"

namespace posenc {
namespace {

namespace fs = std::filesystem;
using test::Outcome;
using test::parseJson;
using test::slurp;
using test::writeText;

class Cli : public test::TempDirTest {
 protected:
  static Outcome run(const std::vector<std::string>& args) { return test::runPosenc(args); }
};

TEST_F(Cli, HelpPrintsUsage) {
  const Outcome r = run({"--help"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("posenc export --scheme ID"), std::string::npos) << r.out;
}

TEST_F(Cli, NoArgumentsWithoutADisplaySaysWhatToDo) {
  // No arguments opens the window; with no display at all it explains instead of crashing.
  test::Process p{{"/usr/bin/env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u",
                   "QT_QPA_PLATFORM", POSENC_EXE}};
  p.stdoutPath = "/dev/null";
  const Outcome r = test::run(p, test::kPosencTimeoutSeconds);
  EXPECT_TRUE(r.status < 128 && !r.timedOut);  // exited, not killed
  EXPECT_EQ(r.status, 1);
  const std::string& err = r.err;
  EXPECT_NE(err.find("no display"), std::string::npos) << err;
  EXPECT_NE(err.find("posenc gallery"), std::string::npos) << err;
}

TEST_F(Cli, APathOpensInTheWindowAsWhatItIsAndAnOtherFileIsNamed) {
  // Issue 26 item 14: `posenc MODEL_FOLDER` said "unknown command"; now a folder, its
  // config.json, a checkpoint and a session all go to the window (which, with no display,
  // says so), and a file the window does not open is named with what it accepts.
  const fs::path model = m_dir / "tiny-neox";
  fs::create_directories(model);
  writeText(model / "config.json",
            R"({"model_type": "gpt_neox", "hidden_size": 64, "num_attention_heads": 4,
                "rotary_pct": 0.25, "max_position_embeddings": 128})");
  writeText(m_dir / "model.safetensors", "");
  writeText(m_dir / "work.posenc.json", "{}");
  const auto windowless = [](const fs::path& path) {
    test::Process p{{"/usr/bin/env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u",
                     "QT_QPA_PLATFORM", POSENC_EXE, path.string()}};
    p.stdoutPath = "/dev/null";
    return test::run(p, test::kPosencTimeoutSeconds);
  };
  for (const fs::path& path :
       {model, model / "config.json", m_dir / "model.safetensors", m_dir / "work.posenc.json"}) {
    const Outcome r = windowless(path);
    EXPECT_EQ(r.status, 1) << path << "\n" << r.err;
    EXPECT_NE(r.err.find("no display"), std::string::npos) << path << "\n" << r.err;
    EXPECT_EQ(r.err.find("unknown command"), std::string::npos) << path << "\n" << r.err;
  }
  const fs::path notes = m_dir / "notes.txt";
  writeText(notes, "hello");
  const Outcome r = windowless(notes);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("posenc: cannot open " + notes.string() + ": "), std::string::npos) << r.err;
  for (const char* accepted : {"session", "model folder", "config.json", ".safetensors"})
    EXPECT_NE(r.err.find(accepted), std::string::npos) << accepted << "\n" << r.err;
  EXPECT_EQ(r.err.find("no display"), std::string::npos) << r.err;
  // A word that is no file is still a command.
  EXPECT_NE(run({"frobnicate"}).err.find("unknown command"), std::string::npos);
}

TEST_F(Cli, ListJsonDescribesEveryScheme) {
  const Outcome r = run({"list", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const QJsonArray schemes = parseJson(r.out)["schemes"].toArray();
  ASSERT_EQ(schemes.size(), static_cast<qsizetype>(allSchemes().size()));
  for (const auto& value : schemes) {
    const QJsonObject s = value.toObject();
    const Scheme& scheme = findScheme(s["id"].toString().toStdString());
    ASSERT_EQ(s["params"].toArray().size(), static_cast<qsizetype>(scheme.info().params.size()));
    for (const auto& p : s["params"].toArray()) {
      const QJsonObject o = p.toObject();
      EXPECT_TRUE(o.contains("default")) << o["id"].toString().toStdString();
      EXPECT_FALSE(o["description"].toString().isEmpty());
      const QString type = o["type"].toString();
      if (type == "int" || type == "real") {
        EXPECT_TRUE(o.contains("min") && o.contains("max"));
      }
      if (type == "choice") {
        EXPECT_GE(o["choices"].toArray().size(), 2);
      }
    }
    EXPECT_EQ(s["views"].toArray().size(), static_cast<qsizetype>(scheme.info().views.size()));
  }
  const Outcome text = run({"list"});
  EXPECT_EQ(text.status, 0);
  EXPECT_NE(text.out.find("max_distance"), std::string::npos);
}

TEST_F(Cli, ListAndJsonExportSayWhichViewsUseRandomStandIns) {
  const Outcome r = run({"list", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  int flagged = 0;
  for (const auto& value : parseJson(r.out)["schemes"].toArray()) {
    const QJsonObject s = value.toObject();
    const Scheme& scheme = findScheme(s["id"].toString().toStdString());
    for (const auto& v : s["views"].toArray()) {
      const QJsonObject o = v.toObject();
      ASSERT_TRUE(o["random_stand_ins"].isBool()) << o["id"].toString().toStdString();
      const bool random = o["random_stand_ins"].toBool();
      EXPECT_EQ(random, findView(scheme, o["id"].toString().toStdString()).randomStandIns);
      ASSERT_TRUE(o["deterministic"].isBool()) << o["id"].toString().toStdString();
      EXPECT_EQ(o["deterministic"].toBool(), !random);  // the parameters alone give the values
      flagged += random ? 1 : 0;
    }
  }
  EXPECT_EQ(flagged, 39);  // 22, + shaw (3), deberta (5), xpos (2), nope (2), t5 curves (1),
                           // learned tables (4)
  const Outcome bias = run({"export", "--scheme", "tupe", "--view", "bias", "--out", "-"});
  ASSERT_EQ(bias.status, 0) << bias.err;
  const QJsonObject doc = parseJson(bias.out);
  EXPECT_TRUE(doc["random_stand_ins"].toBool());
  EXPECT_EQ(doc["absent_term"].toString().toStdString(),
            "Variant tupe-a has no relative bias; choose tupe-r or untied-cross");
  const Outcome slopes = run({"export", "--scheme", "alibi", "--view", "slopes", "--out", "-"});
  ASSERT_EQ(slopes.status, 0) << slopes.err;
  EXPECT_FALSE(parseJson(slopes.out).contains("random_stand_ins"));
  EXPECT_FALSE(parseJson(slopes.out).contains("absent_term"));
}

// Every view of every scheme to every format; JSON parsed back and compared with the core.
// Under a sanitizer the pictures are SVG only: PNG and PDF draw the same plot through Qt's
// raster and PDF engines, which cost most of this test under ASan and are not ours (the normal
// build writes all six formats).
TEST_F(Cli, EveryViewToEveryFormatMatchesTheCore) {
  const std::vector<const char*> formats =
      test::kSanitized ? std::vector<const char*>{"json", "csv", "npy", "svg"}
                       : std::vector<const char*>{"json", "csv", "npy", "png", "svg", "pdf"};
  for (const auto& s : allSchemes()) {
    const std::string id = s->info().id;
    const ParamSet params = makeParams(*s, {});
    for (const char* format : formats) {
      const fs::path dir = m_dir / (id + "-" + format);
      const Outcome r = run({"export", "--scheme", id, "--all-views", "--format", format, "--out",
                             dir.string(), "--size", "480x360"});
      ASSERT_EQ(r.status, 0) << id << " " << format << ": " << r.err;
      for (const ViewSpec& v : s->info().views) {
        const fs::path file = dir / (id + "_" + v.id + "." + format);
        SCOPED_TRACE(file.string());
        ASSERT_TRUE(fs::exists(file));
        const std::string bytes = slurp(file);
        ASSERT_GT(bytes.size(), 16u);
        if (std::string(format) == "json") {
          const QJsonObject o = parseJson(bytes);
          EXPECT_EQ(o["scheme"].toString().toStdString(), id);
          EXPECT_EQ(o["view"].toString().toStdString(), v.id);
          EXPECT_EQ(o["params"].toObject().size(), static_cast<qsizetype>(params.items().size()));
          if (v.kind == ViewKind::Matrix) {
            EXPECT_EQ(o["kind"].toString(), "matrix");
            const MatrixResult m = computeMatrix(*s, params, v.id);
            const QJsonArray data = o["data"].toArray();
            ASSERT_EQ(o["rows"].toInt(), m.values.rows());
            ASSERT_EQ(data.size(), m.values.rows());
            for (Index i = 0; i < m.values.rows(); ++i) {
              const QJsonArray row = data[i].toArray();
              ASSERT_EQ(row.size(), m.values.cols());
              for (Index j = 0; j < m.values.cols(); ++j) {
                const double expected = m.values(i, j);
                if (std::isnan(expected)) {
                  ASSERT_TRUE(row[j].isNull()) << i << "," << j;
                } else {
                  ASSERT_EQ(row[j].toDouble(), expected) << i << "," << j;  // round trip
                }
              }
            }
          } else {
            EXPECT_EQ(o["kind"].toString(), "series");
            const SeriesResult sr = s->series(params, v.id);
            ASSERT_EQ(o["x"].toArray().size(), static_cast<qsizetype>(sr.x.size()));
            const QJsonArray curves = o["series"].toArray();
            ASSERT_EQ(curves.size(), static_cast<qsizetype>(sr.curves.size()));
            for (std::size_t c = 0; c < sr.curves.size(); ++c) {
              const QJsonArray y = curves[static_cast<qsizetype>(c)].toObject()["y"].toArray();
              for (std::size_t k = 0; k < sr.x.size(); ++k) {
                const double e = sr.curves[c].y[k];
                if (std::isnan(e)) {
                  ASSERT_TRUE(y[static_cast<qsizetype>(k)].isNull());
                } else {
                  ASSERT_EQ(y[static_cast<qsizetype>(k)].toDouble(), e);
                }
              }
            }
          }
        } else if (std::string(format) == "png") {
          QImage img;
          ASSERT_TRUE(img.loadFromData(QByteArray::fromStdString(bytes), "PNG"));
          EXPECT_EQ(img.width(), 480);
          EXPECT_EQ(img.height(), 360);
          std::set<QRgb> colours;
          for (int y = 0; y < img.height(); y += 4)
            for (int x = 0; x < img.width(); x += 4) colours.insert(img.pixel(x, y));
          EXPECT_GT(colours.size(), 8u) << "picture looks blank";
        } else if (std::string(format) == "pdf") {
          EXPECT_EQ(bytes.rfind("%PDF", 0), 0u);
        } else if (std::string(format) == "svg") {
          EXPECT_NE(bytes.find("<svg"), std::string::npos);
        } else if (std::string(format) == "npy") {
          EXPECT_EQ(bytes.rfind("\x93NUMPY", 0), 0u);
        }
      }
    }
  }
}

TEST_F(Cli, PngHonoursSizeAndDpi) {
  const fs::path out = m_dir / "s.png";
  const Outcome r = run({"export", "--scheme", "alibi", "--view", "bias", "--out", out.string(),
                         "--size", "400x300", "--dpi", "192"});
  ASSERT_EQ(r.status, 0) << r.err;
  QImage img(QString::fromStdString(out.string()));
  EXPECT_EQ(img.width(), 800);
  EXPECT_EQ(img.height(), 600);
}

TEST_F(Cli, StdoutJsonWithParameters) {
  const Outcome r = run({"export", "--scheme", "alibi", "--set", "heads=12", "--set", "head=11",
                         "--set", "length=4", "--view", "bias", "--out", "-"});
  ASSERT_EQ(r.status, 0) << r.err;
  const QJsonObject o = parseJson(r.out);
  EXPECT_EQ(o["params"].toObject()["heads"].toInt(), 12);
  EXPECT_EQ(o["rows"].toInt(), 4);
  // ALiBi, 12 heads: head 11 is the 4th extra slope, 2^-3.5; bias(3, 0) = -3 m.
  EXPECT_DOUBLE_EQ(o["data"].toArray()[3].toArray()[0].toDouble(), -3 * std::pow(2.0, -3.5));
  EXPECT_TRUE(o["data"].toArray()[0].toArray()[1].isNull());
}

TEST_F(Cli, LongRopeListsFromTheCommandLine) {
  // Issue 15: --set long_factor=1,1.05,... (d_rot/2 = 4 numbers at dim 8); length 20 >
  // train_length 16, so the cos cache uses long_factor: theta_k = 1 / (long_k 10000^(2k/8)).
  const Outcome r =
      run({"export", "--scheme", "rope", "--set", "dim=8", "--set", "length=20", "--set",
           "train_length=16", "--set", "scaling=longrope", "--set", "short_factor=1,1,2,2", "--set",
           "long_factor=1,1.05,2,4", "--view", "cos", "--out", "-"});
  ASSERT_EQ(r.status, 0) << r.err;
  const QJsonObject o = parseJson(r.out);
  const QJsonArray list = o["params"].toObject()["long_factor"].toArray();
  ASSERT_EQ(list.size(), 4);
  EXPECT_EQ(list[1].toDouble(), 1.05);
  EXPECT_EQ(o["cols"].toInt(), 8);
  const QJsonArray row = o["data"].toArray()[3].toArray();  // position 3, factor 1: a = 1
  EXPECT_DOUBLE_EQ(row[0].toDouble(), std::cos(3.0));
  EXPECT_DOUBLE_EQ(row[1].toDouble(), std::cos(3.0 / (1.05 * 10.0)));
  EXPECT_DOUBLE_EQ(row[5].toDouble(), row[1].toDouble());  // half layout: [theta, theta]
  // The wrong length, and LongRoPE without its lists, are refused naming the list.
  const Outcome wrong =
      run({"export", "--scheme", "rope", "--set", "dim=8", "--set", "scaling=longrope", "--set",
           "short_factor=1,1,2,2", "--set", "long_factor=1,2", "--view", "cos", "--out", "-"});
  EXPECT_EQ(wrong.status, 2);
  EXPECT_NE(wrong.err.find("'long_factor' = '1,2'"), std::string::npos) << wrong.err;
  const Outcome missing = run(
      {"export", "--scheme", "rope", "--set", "scaling=longrope", "--view", "cos", "--out", "-"});
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("short_factor"), std::string::npos) << missing.err;
}

TEST_F(Cli, RegionOfAHugeMatrix) {
  const fs::path out = m_dir / "corner.json";
  const Outcome r =
      run({"export", "--scheme", "sinusoidal", "--set", "length=1048576", "--view", "similarity",
           "--rows", "1048570:", "--cols", "0:3", "--out", out.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  const QJsonObject o = parseJson(slurp(out));
  EXPECT_EQ(o["rows"].toInt(), 6);
  EXPECT_EQ(o["cols"].toInt(), 3);
  EXPECT_EQ(o["row_start"].toInt(), 1048570);
}

TEST_F(Cli, BadInputExitsWithTwoAndNamesTheParameter) {
  const fs::path png = m_dir / "x.png";
  struct Case {
    std::vector<std::string> args;
    std::string needle;
  };
  const std::vector<Case> cases = {
      {{"export", "--scheme", "no-such-scheme", "--view", "x", "--out", png.string()},
       "'scheme' = 'no-such-scheme'"},
      {{"export", "--scheme", "alibi", "--view", "nope", "--out", png.string()}, "'view' = 'nope'"},
      {{"export", "--scheme", "alibi", "--set", "colour=red", "--view", "bias", "--out",
        png.string()},
       "'colour'"},
      {{"export", "--scheme", "alibi", "--set", "heads=x", "--view", "bias", "--out", png.string()},
       "'heads' = 'x'"},
      {{"export", "--scheme", "alibi", "--set", "head=8", "--view", "bias", "--out", png.string()},
       "'head' = '8'"},
      {{"export", "--scheme", "sinusoidal", "--set", "dim=7", "--view", "encoding", "--out",
        png.string()},
       "'dim' = '7': must be an even integer"},
      {{"export", "--scheme", "sinusoidal", "--set", "length=0", "--view", "encoding", "--out",
        png.string()},
       "'length' = '0'"},
      {{"export", "--scheme", "sinusoidal", "--set", "base=nan", "--view", "encoding", "--out",
        png.string()},
       "'base' = 'nan'"},
      {{"export", "--scheme", "sinusoidal", "--set", "layout=diagonal", "--view", "encoding",
        "--out", png.string()},
       "'layout' = 'diagonal'"},
      {{"export", "--scheme", "sinusoidal", "--set", "length=1048576", "--view", "similarity",
        "--out", (m_dir / "big.npy").string()},
       "--rows A:B --cols C:D"},
      {{"export", "--scheme", "alibi", "--view", "bias", "--out", (m_dir / "x.gif").string()},
       "unknown format 'gif'"},
      {{"export", "--scheme", "alibi", "--view", "bias", "--colormap", "jet", "--out",
        png.string()},
       "'colormap' = 'jet'"},
      {{"export", "--scheme", "alibi", "--view", "slopes", "--rows", "0:2", "--out", png.string()},
       "series"},
      {{"export", "--scheme", "alibi", "--view", "bias", "--rows", "500:600", "--out",
        (m_dir / "x.csv").string()},
       "'rows'"},
      {{"export", "--scheme", "alibi", "--set", "seed=1", "--set", "seed=2", "--view", "bias",
        "--out", png.string()},
       "given twice"},
      {{"frobnicate"}, "unknown command"},
  };
  for (const Case& c : cases) {
    const Outcome r = run(c.args);
    EXPECT_EQ(r.status, 2) << c.args[0] << " ... " << c.needle << ": " << r.err;
    EXPECT_NE(r.err.find(c.needle), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
  }
  EXPECT_FALSE(fs::exists(png));
  // No temporary or partial file is left behind by any refused export.
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(m_dir)) ++files;
  EXPECT_EQ(files, 0u);
}

TEST_F(Cli, UnwritableTargetIsAnErrorAndKeepsTheOldFile) {
  const fs::path file = m_dir / "keep.png";
  { std::ofstream(file) << "old"; }
  // A path under a regular file cannot be written, even by root.
  const Outcome r =
      run({"export", "--scheme", "alibi", "--view", "bias", "--out", (file / "x.png").string()});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("cannot write"), std::string::npos) << r.err;
  const Outcome d =
      run({"export", "--scheme", "alibi", "--view", "bias", "--out", (file / "x.csv").string()});
  EXPECT_EQ(d.status, 1) << d.err;
  EXPECT_EQ(slurp(file), "old");
}

// ---- sessions and presets ------------------------------------------------------------------

TEST_F(Cli, ExportFromASessionFileTakesSchemeParamsViewAndColormap) {
  const fs::path session = m_dir / "mine.json";
  writeText(session, R"({"format": "posenc-session", "version": 1, "scheme": "alibi",
    "params": {"length": 4, "heads": 12, "head": 11},
    "view": {"id": "bias", "layout": "tabs", "grid": [], "colormap": "magma"}})");
  const Outcome r = run({"export", "--session", session.string(), "--out", "-"});
  ASSERT_EQ(r.status, 0) << r.err;
  const QJsonObject o = parseJson(r.out);
  EXPECT_EQ(o["scheme"].toString(), "alibi");
  EXPECT_EQ(o["view"].toString(), "bias");
  EXPECT_EQ(o["params"].toObject()["heads"].toInt(), 12);
  EXPECT_EQ(o["params"].toObject()["head"].toInt(), 11);
  EXPECT_EQ(o["rows"].toInt(), 4);
  EXPECT_DOUBLE_EQ(o["data"].toArray()[3].toArray()[0].toDouble(), -3 * std::pow(2.0, -3.5));

  // --set applies on top of the session, --view replaces its view, a matching --scheme is fine.
  const Outcome over = run({"export", "--session", session.string(), "--scheme", "alibi", "--set",
                            "length=6", "--view", "slopes", "--out", "-"});
  ASSERT_EQ(over.status, 0) << over.err;
  const QJsonObject p = parseJson(over.out);
  EXPECT_EQ(p["view"].toString(), "slopes");
  EXPECT_EQ(p["params"].toObject()["length"].toInt(), 6);
  EXPECT_EQ(p["params"].toObject()["heads"].toInt(), 12);
  EXPECT_EQ(p["x"].toArray().size(), 12);

  // The session's colour map is used for pictures, and all views can be drawn.
  const Outcome png = run({"export", "--session", session.string(), "--out",
                           (m_dir / "b.png").string(), "--size", "320x240"});
  EXPECT_EQ(png.status, 0) << png.err;
  EXPECT_TRUE(fs::exists(m_dir / "b.png"));
  const Outcome all = run({"export", "--session", session.string(), "--all-views", "--format",
                           "csv", "--out", (m_dir / "all").string()});
  EXPECT_EQ(all.status, 0) << all.err;
  EXPECT_TRUE(fs::exists(m_dir / "all" / "alibi_slopes.csv"));
}

TEST_F(Cli, ListPresetsAndExportEachOneWithItsParameters) {
  const Outcome text = run({"list", "--presets"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("llama2-7b-rope"), std::string::npos) << text.out;
  const Outcome listing = run({"list", "--presets", "--json"});
  ASSERT_EQ(listing.status, 0) << listing.err;
  const QJsonArray presets = parseJson(listing.out)["presets"].toArray();
  ASSERT_GE(presets.size(), 10);
  for (const auto& value : presets) {
    const QJsonObject preset = value.toObject();
    const std::string id = preset["id"].toString().toStdString();
    SCOPED_TRACE(id);
    EXPECT_NE(text.out.find(id), std::string::npos);
    EXPECT_FALSE(preset["name"].toString().isEmpty());
    const Scheme& scheme = findScheme(preset["scheme"].toString().toStdString());
    // A cheap view: a series whole, or the top-left corner of a matrix.
    const ViewSpec& view = scheme.info().views.front();
    std::vector<std::string> args = {"export", "--preset", id, "--view", view.id, "--out", "-"};
    if (view.kind == ViewKind::Matrix) args.insert(args.end(), {"--rows", "0:2", "--cols", "0:2"});
    const Outcome r = run(args);
    ASSERT_EQ(r.status, 0) << r.err;
    const QJsonObject o = parseJson(r.out);
    EXPECT_EQ(o["scheme"].toString(), preset["scheme"].toString());
    EXPECT_EQ(o["params"].toObject(), preset["params"].toObject());
  }
  // One preset checked against the published config, independently of the listing.
  const Outcome bert =
      run({"export", "--preset", "bert-base", "--out", "-", "--rows", "0:1", "--cols", "0:1"});
  ASSERT_EQ(bert.status, 0) << bert.err;
  const QJsonObject params = parseJson(bert.out)["params"].toObject();
  EXPECT_EQ(params["max_len"].toInt(), 512);
  EXPECT_EQ(params["dim"].toInt(), 768);
  EXPECT_EQ(params["std"].toDouble(), 0.02);
  EXPECT_EQ(params["length"].toInt(), 512);
}

TEST_F(Cli, BadSessionsAndPresetsAreBadInputOnOneLine) {
  const fs::path cut = m_dir / "cut.json";
  writeText(cut, R"({"format": "posenc-session", "version": 1, "scheme": "al)");
  const fs::path future = m_dir / "future.json";
  writeText(future, R"({"format": "posenc-session", "version": 9, "scheme": "alibi"})");
  const fs::path noView = m_dir / "noview.json";
  writeText(noView, R"({"format": "posenc-preset", "version": 1, "scheme": "alibi"})");
  const fs::path missing = m_dir / "missing.json";
  struct Case {
    std::vector<std::string> args;
    std::string needle;
  };
  const std::vector<Case> cases = {
      {{"export", "--session", cut.string(), "--out", "-"},
       cut.string() + ": not a PosEnc session: JSON error at offset"},
      {{"export", "--session", future.string(), "--out", "-"},
       "written by a newer PosEnc Explorer (version 9)"},
      {{"export", "--session", missing.string(), "--out", "-"}, missing.string() + ": cannot open"},
      {{"export", "--session", m_dir.string(), "--out", "-"}, "is a folder"},
      {{"export", "--session", noView.string(), "--out", "-"}, "names no view"},
      {{"export", "--preset", "gpt-5", "--view", "x", "--out", "-"}, "unknown preset 'gpt-5'"},
      {{"export", "--preset", "gpt2", "--scheme", "rope", "--out", "-"},
       "--scheme rope does not match the scheme of preset gpt2 (learned)"},
      {{"export", "--preset", "gpt2", "--set", "length=2048", "--out", "-"}, "'length' = '2048'"},
      {{"export", "--preset", "gpt2", "--set", "colour=red", "--out", "-"}, "'colour'"},
      {{"export", "--session", cut.string(), "--preset", "gpt2", "--out", "-"}, "not both"},
  };
  for (const Case& c : cases) {
    const Outcome r = run(c.args);
    EXPECT_EQ(r.status, 2) << c.needle << ": " << r.err;
    EXPECT_NE(r.err.find(c.needle), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out.substr(0, 200);
  }
}

TEST_F(Cli, GalleryDrawsEveryViewOfEveryScheme) {
  const Outcome r = run({"gallery", (m_dir / "g").string(), "--size", "320x240"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::size_t views = 0;
  for (const auto& s : allSchemes()) views += s->info().views.size();
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(m_dir / "g")) ++files;
  EXPECT_EQ(files, views);
  EXPECT_NE(r.out.find("wrote " + std::to_string(views) + " pictures to"), std::string::npos)
      << r.out;
}

// A model in a Hugging Face cache folder laid out as huggingface_hub writes it.
TEST_F(Cli, InspectAndModelsReadTheLocalHuggingFaceCache) {
  const fs::path snap = m_dir / "models--openai-community--gpt2" / "snapshots" / "0123abc";
  fs::create_directories(snap);
  fs::create_directories(m_dir / "models--openai-community--gpt2" / "refs");
  writeText(m_dir / "models--openai-community--gpt2" / "refs" / "main", "0123abc\n");
  writeText(snap / "config.json", R"({"model_type": "gpt2", "n_positions": 1024, "n_embd": 768})");
  fs::copy_file(fs::path(POSENC_SOURCE_DIR) / "tests/data/arrays/model.safetensors",
                snap / "model.safetensors");
  const std::vector<std::pair<std::string, std::string>> env = {{"HF_HUB_CACHE", m_dir.string()}};
  const Outcome text = test::runPosenc({"inspect", "openai-community/gpt2"}, env);
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("scheme: learned"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("position table: wpe.weight  F32 (3, 4)  model.safetensors"),
            std::string::npos)
      << text.out;
  const Outcome json = test::runPosenc({"inspect", "openai-community/gpt2", "--json"}, env);
  ASSERT_EQ(json.status, 0) << json.err;
  const QJsonObject o = parseJson(json.out);
  EXPECT_EQ(o["repo_id"].toString(), "openai-community/gpt2");
  EXPECT_EQ(o["params"].toObject()["max_len"].toString(), "1024");
  const QJsonObject tensor = o["tensors"].toArray()[0].toObject();
  EXPECT_TRUE(tensor["found"].toBool());
  EXPECT_EQ(tensor["shape"].toArray(), (QJsonArray{3, 4}));
  const Outcome models = test::runPosenc({"models", "--json"}, env);
  ASSERT_EQ(models.status, 0) << models.err;
  const QJsonArray list = QJsonDocument::fromJson(QByteArray::fromStdString(models.out)).array();
  ASSERT_EQ(list.size(), 1);
  EXPECT_EQ(list[0].toObject()["scheme"].toString(), "learned");
  // Never the network: a model not in the cache is bad input, naming where it looked.
  const Outcome missing = test::runPosenc({"inspect", "meta-llama/Llama-3.1-8B"}, env);
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("models--meta-llama--Llama-3.1-8B"), std::string::npos) << missing.err;
  writeText(snap / "config.json", R"({"model_type": "mamba"})");
  const Outcome unknown = test::runPosenc({"inspect", snap.string()}, env);
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("model_type \"mamba\" is not one we can map"), std::string::npos);
}

}  // namespace
}  // namespace posenc
