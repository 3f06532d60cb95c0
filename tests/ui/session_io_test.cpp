// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/io/session_io.h"

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <gtest/gtest.h>

#include "posenc/base/scheme.hpp"
#include "posenc/io/data_io.hpp"

namespace posenc::ui {
namespace {

/// What readSession says about `json`, or "(accepted)".
std::string refusal(const QByteArray& json) {
  try {
    (void)readSession(json);
  } catch (const ReadError& e) {
    return e.what();
  }
  return "(accepted)";
}

std::string refusal(const char* json) { return refusal(QByteArray(json)); }

Session defaultSession(const Scheme& scheme) {
  Session s;
  s.scheme = QString::fromStdString(scheme.info().id);
  s.params = makeParams(scheme, {});
  s.view = QString::fromStdString(scheme.info().views.front().id);
  return s;
}

/// `params` with as many values as possible changed away from the defaults (each candidate
/// kept only if the scheme accepts it), including awkward reals and the extremes of ranges.
ParamSet changedParams(const Scheme& scheme) {
  ParamSet params = makeParams(scheme, {});
  for (const ParamSpec& spec : scheme.info().params) {
    std::vector<Value> candidates;
    switch (spec.type) {
      case ParamType::Int: {
        const auto lo = static_cast<std::int64_t>(spec.min),
                   hi = static_cast<std::int64_t>(spec.max);
        for (std::int64_t v : {hi, hi - 1, (lo + hi) / 2, (lo + hi) / 2 + 1, lo + 2, lo + 1, lo})
          if (v >= lo && v <= hi && (!spec.even || v % 2 == 0) &&
              v != std::get<std::int64_t>(spec.defaultValue))
            candidates.emplace_back(v);
        break;
      }
      case ParamType::Real: {
        // Not representable in few digits: only a full-precision writer round-trips these.
        const double def = std::get<double>(spec.defaultValue);
        for (double v : {spec.min + (spec.max - spec.min) / 3.0, std::nextafter(def, spec.max),
                         spec.min * (1 + 1e-15), spec.max})
          if (v >= spec.min && v <= spec.max && v != def) candidates.emplace_back(v);
        break;
      }
      case ParamType::Bool:
        candidates.emplace_back(!std::get<bool>(spec.defaultValue));
        break;
      case ParamType::Choice:
        for (auto it = spec.choices.rbegin(); it != spec.choices.rend(); ++it)
          if (*it != std::get<std::string>(spec.defaultValue)) candidates.emplace_back(*it);
        break;
      case ParamType::List:
        // Lengths a scheme may ask for (e.g. d/2 factors); numbers with no short form.
        for (const int n : {32, 48, 64, 16, 8, 4, 2, 1, static_cast<int>(spec.maxCount)}) {
          NumberList list;
          for (int k = 0; k < n; ++k) list.push_back(std::min(spec.max, 1.0 + k / 3.0));
          candidates.emplace_back(list);
        }
        break;
      case ParamType::Text:
        // A file reference: a session naming a table file is tested with a real file in
        // SessionIo.ATableFileIsKept; here no file exists to name.
        break;
    }
    for (const Value& v : candidates) {
      ParamSet trial = params;
      trial.set(spec.id, v);
      try {
        validateParams(scheme, trial);
      } catch (const ParamError&) {
        continue;
      }
      params = trial;
      break;
    }
  }
  return params;
}

TEST(SessionIo, EverySchemeRoundTripsAtDefaults) {
  for (const auto& s : allSchemes()) {
    SCOPED_TRACE(s->info().id);
    const Session original = defaultSession(*s);
    const Session back = readSession(writeSession(original));
    EXPECT_EQ(back, original);
    EXPECT_EQ(back.params.items().size(), s->info().params.size());
  }
}

TEST(SessionIo, EverySchemeRoundTripsWithChangedValuesZoomAndGrid) {
  for (const auto& s : allSchemes()) {
    SCOPED_TRACE(s->info().id);
    Session original = defaultSession(*s);
    original.params = changedParams(*s);
    std::size_t changed = 0;
    std::size_t changeable = 0;  // a file reference (Text) needs a file: see ATableFileIsKept
    for (const ParamSpec& spec : s->info().params) {
      changed += original.params.get(spec.id) != spec.defaultValue ? 1 : 0;
      changeable += spec.type != ParamType::Text ? 1 : 0;
    }
    EXPECT_GE(changed, changeable - 1) << "the test should change (nearly) every value";
    original.view = QString::fromStdString(s->info().views.back().id);
    original.layout = "grid4";
    for (const ViewSpec& v : s->info().views)
      if (original.gridViews.size() < 4) original.gridViews << QString::fromStdString(v.id);
    original.colormap = "magma";
    original.zoom = Zoom{-0.5, 1.0 / 3.0, 1e-7 * std::numbers::pi, 1048575.5};
    const Session back = readSession(writeSession(original));
    EXPECT_EQ(back, original);
    for (const auto& [key, value] : original.params.items())
      EXPECT_EQ(back.params.get(key), value) << key << " = " << formatValue(value);
  }
}

TEST(SessionIo, ATableFileIsKept) {
  // A trained table is a Text parameter naming its file: the session keeps the reference (the
  // picture is redrawn from the file), and a reference to a file that is gone is refused with
  // the parameter and the reason, like any bad value.
  const std::string file = std::string(POSENC_SOURCE_DIR) + "/tests/data/arrays/f64_c_3x4.npy";
  Session s = defaultSession(findScheme("learned"));
  s.params.set("table", file);
  s.params.set("length", std::int64_t{3});
  const QByteArray json = writeSession(s);
  EXPECT_TRUE(json.contains(QByteArray("\"table\": \"") + QByteArray::fromStdString(file)))
      << json.toStdString();
  const Session back = readSession(json);
  EXPECT_EQ(back, s);
  EXPECT_EQ(back.params.getText("table"), file);

  QByteArray gone = json;
  gone.replace(QByteArray::fromStdString(file), QByteArray("/no/such/folder/table.npy"));
  const std::string why = refusal(gone);
  EXPECT_NE(why.find("table"), std::string::npos) << why;
  EXPECT_NE(why.find("no such file"), std::string::npos) << why;
}

TEST(SessionIo, LongRopeListsRoundTripAsJsonArrays) {
  // Phi-3.5-mini-instruct's first long factors (float32 values printed in full): d 96, 48 pairs.
  const std::vector<double> head = {1.0800000429153442, 1.1100000143051147, 1.1399999856948853,
                                    1.340000033378601,  1.5899999141693115, 1.600000023841858};
  NumberList shortFactor, longFactor;
  for (int k = 0; k < 48; ++k) {
    longFactor.push_back(head[static_cast<std::size_t>(k % 6)] * (1 + k / 6));
    shortFactor.push_back(1.0 + k / 47.0);
  }
  Session s = defaultSession(findScheme("rope"));
  s.params.set("dim", std::int64_t{96});
  s.params.set("scaling", std::string("longrope"));
  s.params.set("factor", 32.0);
  s.params.set("train_length", std::int64_t{4096});
  s.params.set("short_factor", shortFactor);
  s.params.set("long_factor", longFactor);
  validateParams(findScheme("rope"), s.params);
  const QByteArray bytes = writeSession(s);
  const QJsonObject params = QJsonDocument::fromJson(bytes).object()["params"].toObject();
  ASSERT_TRUE(params["long_factor"].isArray()) << bytes.constData();
  EXPECT_EQ(params["long_factor"].toArray().size(), 48);
  EXPECT_EQ(params["long_factor"].toArray().at(0).toDouble(), 1.0800000429153442);
  const Session back = readSession(bytes);
  EXPECT_EQ(back, s);
  EXPECT_EQ(back.params.getList("long_factor"), longFactor);
  EXPECT_EQ(back.params.getList("short_factor"), shortFactor);
  // A list of the wrong length is refused naming the parameter.
  QJsonObject root = QJsonDocument::fromJson(bytes).object();
  QJsonObject wrong = root["params"].toObject();
  wrong["long_factor"] = QJsonArray{1.0, 2.0};
  root["params"] = wrong;
  EXPECT_NE(refusal(QJsonDocument(root).toJson()).find("long_factor"), std::string::npos)
      << refusal(QJsonDocument(root).toJson());
}

TEST(SessionIo, ValuesAreWrittenWithTheirTypes) {
  Session s = defaultSession(findScheme("rope"));
  s.params.set("seed", std::int64_t{4294967295});
  s.params.set("length", std::int64_t{1048576});
  s.params.set("base", 0.1 + 0.2 + 10000);
  const QByteArray bytes = writeSession(s);
  EXPECT_NE(bytes.indexOf("4294967295"), -1) << bytes.constData();  // not 4.29e+09
  EXPECT_NE(bytes.indexOf("1048576"), -1);
  const QJsonObject root = QJsonDocument::fromJson(bytes).object();
  EXPECT_EQ(root["format"].toString(), "posenc-session");
  EXPECT_EQ(root["version"].toInt(), kSessionVersion);
  const QJsonObject params = root["params"].toObject();
  EXPECT_EQ(params["seed"].toInteger(), 4294967295LL);
  EXPECT_EQ(params["base"].toDouble(), 0.1 + 0.2 + 10000);
  EXPECT_TRUE(params["layout"].isString());
  EXPECT_EQ(params.size(), static_cast<qsizetype>(findScheme("rope").info().params.size()));
  const Session alibi = defaultSession(findScheme("alibi"));
  EXPECT_TRUE(QJsonDocument::fromJson(writeSession(alibi))
                  .object()["params"]
                  .toObject()["causal"]
                  .isBool());
  EXPECT_FALSE(root["view"].toObject().contains("zoom"));
}

// Pins the version-1 format: a document written by hand must keep loading in every later
// version of the program.
TEST(SessionIo, HandWrittenVersionOneDocumentLoads) {
  const char* json = R"({
    "format": "posenc-session", "version": 1, "scheme": "alibi",
    "params": {"length": 64, "heads": 12, "head": 11, "causal": false},
    "view": {"id": "bias", "layout": "grid2", "grid": ["bias", "slopes"], "colormap": "cividis",
             "zoom": {"x": [-0.5, 31.5], "y": [2, 40.25]}}
  })";
  const Session s = readSession(json);
  EXPECT_EQ(s.scheme, "alibi");
  EXPECT_EQ(s.params.getInt("length"), 64);
  EXPECT_EQ(s.params.getInt("heads"), 12);
  EXPECT_EQ(s.params.getInt("head"), 11);
  EXPECT_FALSE(s.params.getBool("causal"));
  EXPECT_EQ(s.view, "bias");
  EXPECT_EQ(s.layout, "grid2");
  EXPECT_EQ(s.gridViews, (QStringList{"bias", "slopes"}));
  EXPECT_EQ(s.colormap, "cividis");
  ASSERT_TRUE(s.zoom.has_value());
  EXPECT_EQ(*s.zoom, (Zoom{-0.5, 31.5, 2, 40.25}));
}

TEST(SessionIo, MissingPartsTakeDefaults) {
  const Session s = readSession(R"({"format":"posenc-preset","version":1,"scheme":"rope",
                                    "params":{"base":500000}})");
  ParamSet expected = makeParams(findScheme("rope"), {{"base", "500000"}});
  EXPECT_EQ(s.params, expected);
  EXPECT_TRUE(s.view.isEmpty());
  EXPECT_EQ(s.layout, "tabs");
  EXPECT_TRUE(s.gridViews.isEmpty());
  EXPECT_TRUE(s.colormap.isEmpty());
  EXPECT_FALSE(s.zoom.has_value());
  // 512.0 is a whole number: JSON does not tell it from 512.
  EXPECT_EQ(
      readSession(
          R"({"format":"posenc-session","version":1,"scheme":"t5","params":{"length":512.0}})")
          .params.getInt("length"),
      512);
}

TEST(SessionIo, RefusesWithAReasonNamingThePart) {
  struct Case {
    const char* json;
    const char* reason;
  };
  const std::vector<Case> cases = {
      {"", "not a PosEnc session: JSON error at offset 0"},
      {R"({"format":"posenc-session","version":1,"scheme":"ro)",
       "not a PosEnc session: JSON error at offset"},
      {"[1, 2]", "not a PosEnc session: the document is a JSON array"},
      {R"({"version":1,"scheme":"rope"})", "not a PosEnc session: no \"format\""},
      {R"({"format":"posenc-lesson","version":1,"scheme":"rope"})",
       "\"format\" is \"posenc-lesson\""},
      {R"({"format":"posenc-session","scheme":"rope"})", "version: missing"},
      {R"({"format":"posenc-session","version":"1","scheme":"rope"})",
       "version: \"1\" is not a whole number"},
      {R"({"format":"posenc-session","version":1.5,"scheme":"rope"})",
       "version: 1.5 is not a whole number"},
      {R"({"format":"posenc-session","version":0,"scheme":"rope"})",
       "version: 0 is not a session version"},
      {R"({"format":"posenc-session","version":3,"scheme":"rope"})",
       "written by a newer PosEnc Explorer (version 3); this one reads up to 1"},
      {R"({"format":"posenc-session","version":1})", "scheme: missing (known: sinusoidal, learned"},
      {R"({"format":"posenc-session","version":1,"scheme":"rotary"})",
       "scheme: unknown scheme \"rotary\" (known: "},
      {R"({"format":"posenc-session","version":1,"scheme":7})", "scheme: 7 is not a scheme id"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","params":[]})",
       "params: must be an object"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","params":{"colour":"red"}})",
       "params.colour: parameter 'colour' = 'red': must be a parameter of rope: length, dim"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","params":{"length":"512"}})",
       "params.length: parameter 'length' = '512': must be an integer from 1 to 1048576, not a "
       "string"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","params":{"layout":1}})",
       "params.layout: parameter 'layout' = '1': must be one of half or interleaved, not a number"},
      {R"({"format":"posenc-session","version":1,"scheme":"alibi","params":{"causal":"yes"}})",
       "params.causal: parameter 'causal' = 'yes': must be true or false, not a string"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","params":{"base":null}})",
       "params.base: parameter 'base' = 'null': must be a finite number from 2 to 1000000000000, "
       "not null"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","params":{"length":0}})",
       "params.length: parameter 'length' = '0': must be an integer from 1 to 1048576"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","params":{"length":2.5}})",
       "params.length: parameter 'length' = '2.5': must be an integer"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","params":{"seed":4294967296}})",
       "params.seed: parameter 'seed' = '4294967296': must be an integer from 0 to 4294967295"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","params":{"seed":1e30}})",
       "params.seed: parameter 'seed' = '1e+30': must be an integer"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","params":{"dim":7}})",
       "params.dim: parameter 'dim' = '7': must be an even integer"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","params":{"base":1}})",
       "params.base: parameter 'base' = '1': must be a finite number from 2"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","params":{"layout":"diagonal"}})",
       "params.layout: parameter 'layout' = 'diagonal': must be one of half or interleaved"},
      {R"({"format":"posenc-session","version":1,"scheme":"alibi","params":{"heads":4,"head":4}})",
       "params.head: parameter 'head' = '4': must be less than heads (4)"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","view":"scores"})",
       "view: must be an object"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","view":{"id":"bias"}})",
       "view.id: \"bias\" is not a view of rope (views of rope: angles, frequencies, scores"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","view":{"layout":"grid3"}})",
       "view.layout: \"grid3\" is not a layout (tabs, grid1, grid2 or grid4)"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","view":{"grid":["scores","bias"]}})",
       "view.grid[1]: \"bias\" is not a view of rope"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","view":{"grid":"scores"}})",
       "view.grid: must be an array of at most 4 view ids"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","view":{"grid":["scores","scores","scores","scores","scores"]}})",
       "view.grid: must be an array of at most 4 view ids"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","view":{"colormap":"jet"}})",
       "view.colormap: \"jet\" is not a colour map (viridis, cividis, magma, gray or rdbu"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","view":{"zoom":{"x":[5,2],"y":[0,1]}}})",
       "view.zoom.x: [5,2] is inverted or empty"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","view":{"zoom":{"x":[0,1],"y":[3,3]}}})",
       "view.zoom.y: [3,3] is inverted or empty"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","view":{"zoom":{"x":[0,"1"],"y":[0,1]}}})",
       "view.zoom.x: must be two numbers [low, high]"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","view":{"zoom":{"x":[0,1e999],"y":[0,1]}}})",
       "not a PosEnc session: JSON error at offset"},  // JSON has no infinity; Qt refuses 1e999
      {R"({"format":"posenc-session","version":1,"scheme":"rope","view":{"zoom":{"x":[0,1]}}})",
       "view.zoom.y: must be two numbers"},
      {R"({"format":"posenc-session","version":1,"scheme":"rope","view":{"zoom":[0,1,0,1]}})",
       "view.zoom: must be {\"x\": [x0, x1], \"y\": [y0, y1]}"},
  };
  for (const Case& c : cases) {
    const std::string why = refusal(c.json);
    EXPECT_NE(why.find(c.reason), std::string::npos) << c.json << "\n  gave: " << why;
    EXPECT_EQ(why.find('\n'), std::string::npos) << "one line: " << why;
  }
}

// A file cut short anywhere (a full disk, a copy interrupted, a download stopped) is refused
// with the reason, never read as a smaller session. #7
TEST(SessionIo, EveryBadValueIsNamedOnceWithoutDoubledQuotes) {
  // Issue 26 item 19: a string value came out as '"red"' (its JSON quotes inside the
  // message's), and only the first bad value of the file was named.
  const std::string why = refusal(
      R"({"format":"posenc-session","version":1,"scheme":"rope",
          "params":{"length":"512","base":1,"colour":"red"}})");
  EXPECT_EQ(why.find("'\""), std::string::npos) << why;
  EXPECT_NE(why.find("params: 3 values refused: "), std::string::npos) << why;
  for (const char* part :
       {"params.length: parameter 'length' = '512': must be an integer from 1 to 1048576, not a "
        "string",
        "params.base: parameter 'base' = '1': must be a finite number from 2",
        "params.colour: parameter 'colour' = 'red': must be a parameter of rope"})
    EXPECT_NE(why.find(part), std::string::npos) << part << "\n  gave: " << why;
  // The same in a session file: the file, then every value.
  const ReadError one = [] {
    try {
      (void)readSession(R"({"format":"posenc-session","version":1,"scheme":"rope",
                            "params":{"dim":7,"base":1}})");
    } catch (const ReadError& e) {
      return e;
    }
    return ReadError({}, {}, {});
  }();
  EXPECT_EQ(one.where(), QStringLiteral("params"));
  EXPECT_TRUE(one.reason().contains(QStringLiteral("params.dim: ")));
  EXPECT_TRUE(one.reason().contains(QStringLiteral("params.base: ")));
}

TEST(SessionIo, EveryTruncationIsRefused) {
  Session s = defaultSession(findScheme("tupe"));
  s.params = changedParams(findScheme("tupe"));
  s.zoom = Zoom{1, 2, 3, 4};
  s.layout = "grid2";
  s.gridViews = {"cc", "pp"};
  const QByteArray whole = writeSession(s);
  const qsizetype end = whole.lastIndexOf('}') + 1;  // what follows is the final newline
  for (qsizetype cut = 0; cut < end; ++cut) {
    const std::string why = refusal(whole.left(cut));
    ASSERT_EQ(why.rfind("not a PosEnc session: JSON error at offset ", 0), 0u)
        << "cut at " << cut << ": " << why;
  }
  EXPECT_EQ(readSession(whole.left(end)), s);
}

// Newer files are refused, saying which version they are and what this program reads; the
// oldest version (1, the current one) is accepted explicitly. #7
TEST(SessionIo, VersionsNewerThanThisProgramAreRefusedOlderOnesLoad) {
  for (const char* version :
       {"2", "3", "99", "9007199254740993", "100000000000000000000", "1e300"}) {
    const std::string json = std::string(R"({"format":"posenc-session","version":)") + version +
                             R"(,"scheme":"rope","params":{"length":64}})";
    const std::string why = refusal(json.c_str());
    EXPECT_EQ(why.rfind("written by a newer PosEnc Explorer (version ", 0), 0u)
        << version << ": " << why;
    EXPECT_NE(why.find("); this one reads up to " + std::to_string(kSessionVersion)),
              std::string::npos)
        << why;
  }
  for (const char* version : {"0", "-1", "1.5", "\"1\"", "null", "true", "[1]"}) {
    const std::string json =
        std::string(R"({"format":"posenc-session","version":)") + version + R"(,"scheme":"rope"})";
    EXPECT_EQ(refusal(json.c_str()).rfind("version: ", 0), 0u)
        << version << ": " << refusal(json.c_str());
  }
  EXPECT_EQ(readSession(
                R"({"format":"posenc-session","version":1,"scheme":"rope","params":{"length":64}})")
                .params.getInt("length"),
            64);
  // A preset follows the same rule.
  EXPECT_EQ(refusal(R"({"format":"posenc-preset","version":2,"scheme":"rope"})")
                .rfind("written by a newer", 0),
            0u);
}

TEST(SessionIo, OddDocumentsAreRefusedOnOneLine) {
  const std::vector<QByteArray> documents = {
      QByteArray(),
      QByteArray("\0\0\0\0", 4),
      QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16),
      QByteArray("null"),
      QByteArray("42"),
      QByteArray("\"posenc-session\""),
      QByteArray(100000, '[') + QByteArray(100000, ']'),  // nesting far past any parser's depth
      QByteArray(
          R"({"format":"posenc-session","version":1,"scheme":"rope","params":{"len\ngth":64}})"),
      QByteArray(
          R"({"format":"posenc-session","version":1,"scheme":"rope","params":{"length":"6\n4"}})"),
      QByteArray(R"({"format":"posenc-session","version":1,"scheme":"ro\npe"})"),
      QByteArray(
          R"({"format":"posenc-session","version":1,"scheme":"rope","params":{"length":1e999}})"),
      QByteArray(
          R"({"format":"posenc-session","version":1,"scheme":"rope","params":{"length":64},"params":{"length":"x"}})"),
  };
  for (const QByteArray& doc : documents) {
    const std::string why = refusal(doc);
    EXPECT_NE(why, "(accepted)") << doc.left(80).toStdString();
    EXPECT_EQ(why.find_first_of("\n\r"), std::string::npos) << "one line: " << why;
    EXPECT_LT(why.size(), 600u) << why.substr(0, 200);
  }
}

// Editors on some systems start UTF-8 files with a byte order mark; JSON does not allow it,
// but the file is plainly a session.
TEST(SessionIo, AByteOrderMarkIsSkipped) {
  const QByteArray json =
      R"({"format":"posenc-session","version":1,"scheme":"alibi","params":{"heads":12}})";
  EXPECT_EQ(readSession("\xEF\xBB\xBF" + json).params.getInt("heads"), 12);
}

TEST(SessionIo, WriterRefusesWhatTheReaderWouldRefuse) {
  Session s = defaultSession(findScheme("rope"));
  s.zoom = Zoom{0, std::nan(""), 0, 1};
  EXPECT_THROW((void)writeSession(s), ReadError);
  s.zoom.reset();
  s.scheme = "rotary";
  EXPECT_THROW((void)writeSession(s), ReadError);
  Session bad = defaultSession(findScheme("alibi"));
  bad.params.set("head", std::int64_t{8});  // heads = 8
  try {
    (void)writeSession(bad);
    ADD_FAILURE() << "accepted head = heads";
  } catch (const ReadError& e) {
    EXPECT_NE(std::string(e.what()).find("params.head"), std::string::npos) << e.what();
  }
}

class SessionFiles : public ::testing::Test {
 protected:
  QString path(const QString& name) const { return m_dir.filePath(name); }
  static void writeBytes(const QString& p, const QByteArray& bytes) {
    QFile f(p);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(bytes);
  }
  static QByteArray readBytes(const QString& p) {
    QFile f(p);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(unreadable)");
  }
  static std::string loadError(const QString& p) {
    try {
      (void)loadSessionFile(p);
    } catch (const ReadError& e) {
      return e.what();
    }
    return "(accepted)";
  }
  QTemporaryDir m_dir;
};

TEST_F(SessionFiles, SaveThenLoadGivesTheSameSession) {
  Session s = defaultSession(findScheme("xl"));
  s.params = changedParams(findScheme("xl"));
  s.zoom = Zoom{1, 2, 3, 4};
  saveSessionFile(path("s.json"), s);
  EXPECT_EQ(loadSessionFile(path("s.json")), s);
  // Overwriting replaces the whole file.
  const Session t = defaultSession(findScheme("t5"));
  saveSessionFile(path("s.json"), t);
  EXPECT_EQ(loadSessionFile(path("s.json")), t);
}

TEST_F(SessionFiles, LoadErrorsNameThePath) {
  const std::string missing = loadError(path("nope.json"));
  EXPECT_EQ(missing.rfind(path("nope.json").toStdString() + ": cannot open", 0), 0u) << missing;
  const std::string folder = loadError(m_dir.path());
  EXPECT_NE(folder.find("is a folder"), std::string::npos) << folder;

  writeBytes(path("cut.json"), R"({"format":"posenc-session","version":1,"sch)");
  const std::string cut = loadError(path("cut.json"));
  EXPECT_EQ(
      cut.rfind(path("cut.json").toStdString() + ": not a PosEnc session: JSON error at offset", 0),
      0u)
      << cut;

  writeBytes(path("future.json"), R"({"format":"posenc-session","version":2,"scheme":"rope"})");
  EXPECT_NE(loadError(path("future.json")).find("written by a newer PosEnc Explorer (version 2)"),
            std::string::npos);
}

TEST_F(SessionFiles, RefusesAFileLargerThanTheLimit) {
  {
    QFile f(path("big.json"));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    ASSERT_TRUE(f.resize(kMaxSessionFileBytes + 1));  // sparse: cheap to make
  }
  const std::string why = loadError(path("big.json"));
  EXPECT_NE(why.find("too large for a session (16.0 MiB; the limit is 16.0 MiB)"),
            std::string::npos)
      << why;
}

TEST_F(SessionFiles, FailedSaveLeavesTheExistingFileIntact) {
  writeBytes(path("keep.json"), "old");
  // A path under a regular file cannot be created, even by root.
  try {
    saveSessionFile(path("keep.json/x.json"), defaultSession(findScheme("rope")));
    ADD_FAILURE() << "saved under a regular file";
  } catch (const IoError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("cannot write " + path("keep.json/x.json").toStdString() +
                                              ": ",
                                          0),
              0u)
        << e.what();
  }
  EXPECT_EQ(readBytes(path("keep.json")), "old");
  // A session that would not load again is not written over a good file either.
  Session invalid = defaultSession(findScheme("rope"));
  invalid.scheme = "rotary";
  EXPECT_THROW(saveSessionFile(path("keep.json"), invalid), IoError);
  EXPECT_EQ(readBytes(path("keep.json")), "old");
  EXPECT_EQ(QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1)
      << "no temporary left";
}

// ---- presets --------------------------------------------------------------------------------

/// The preset files of the source tree (the qrc must list every one of them).
QDir presetSourceDir() {
  return QDir(QFileInfo(QStringLiteral(__FILE__)).absolutePath() +
              QStringLiteral("/../../resources/presets"));
}

TEST(Presets, EveryPresetFileIsBuiltInAndLoads) {
  const QList<PresetInfo> list = presets();
  const QStringList files = presetSourceDir().entryList({"*.json"}, QDir::Files, QDir::Name);
  ASSERT_GE(files.size(), 10);
  EXPECT_EQ(list.size(), files.size())
      << "a preset file is missing from posenc.qrc or does not load";
  QStringList ids;
  for (const PresetInfo& p : list) {
    ids << p.id;
    EXPECT_FALSE(p.name.isEmpty()) << p.id.toStdString();
    EXPECT_FALSE(p.description.isEmpty()) << p.id.toStdString();
    EXPECT_EQ(p.description.count('\n'), 0) << p.id.toStdString();
  }
  for (const QString& f : files)
    EXPECT_TRUE(ids.contains(QFileInfo(f).completeBaseName())) << f.toStdString();
  EXPECT_EQ(presets().size(), list.size());  // stable across calls
}

TEST(Presets, EachLoadsWithItsFilesValuesAndDefaultsElsewhere) {
  for (const QString& name : presetSourceDir().entryList({"*.json"}, QDir::Files, QDir::Name)) {
    SCOPED_TRACE(name.toStdString());
    QFile file(presetSourceDir().filePath(name));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
    EXPECT_EQ(o["format"].toString(), "posenc-preset");
    EXPECT_EQ(o["version"].toInt(), 1);
    EXPECT_EQ(o["id"].toString() + ".json", name);
    const Session s = presetSession(o["id"].toString());
    EXPECT_EQ(s.scheme, o["scheme"].toString());
    const Scheme& scheme = findScheme(s.scheme.toStdString());
    const QJsonObject params = o["params"].toObject();
    for (const ParamSpec& spec : scheme.info().params) {
      const Value& got = s.params.get(spec.id);
      const QJsonValue want = params.value(QString::fromStdString(spec.id));
      if (want.isUndefined()) {
        EXPECT_EQ(got, spec.defaultValue) << spec.id;
      } else if (spec.type == ParamType::Int) {
        EXPECT_EQ(got, Value(static_cast<std::int64_t>(want.toInteger()))) << spec.id;
      } else if (spec.type == ParamType::Real) {
        EXPECT_EQ(got, Value(want.toDouble())) << spec.id;
      } else if (spec.type == ParamType::Bool) {
        EXPECT_EQ(got, Value(want.toBool())) << spec.id;
      } else if (spec.type == ParamType::List) {
        NumberList list;
        for (const QJsonValue& x : want.toArray()) list.push_back(x.toDouble());
        EXPECT_EQ(got, Value(list)) << spec.id;
      } else {
        EXPECT_EQ(got, Value(want.toString().toStdString())) << spec.id;
      }
    }
    EXPECT_EQ(s.view, o["view"].toObject()["id"].toString());
  }
}

// The published numbers, written here a second time so that a typo in a preset file fails.
TEST(Presets, ModelNumbersMatchThePublishedConfigs) {
  const auto get = [](const char* id) { return presetSession(id).params; };
  const ParamSet bert = get("bert-base");
  EXPECT_EQ(bert.getInt("max_len"), 512);
  EXPECT_EQ(bert.getInt("dim"), 768);
  EXPECT_EQ(bert.getReal("std"), 0.02);
  EXPECT_EQ(bert.getInt("length"), 512);
  const ParamSet gpt2 = get("gpt2");
  EXPECT_EQ(gpt2.getInt("max_len"), 1024);
  EXPECT_EQ(gpt2.getInt("dim"), 768);
  EXPECT_EQ(gpt2.getInt("length"), 1024);
  const ParamSet llama2 = get("llama2-7b-rope");
  EXPECT_EQ(llama2.getInt("dim"), 128);
  EXPECT_EQ(llama2.getReal("base"), 10000.0);
  EXPECT_EQ(llama2.getChoice("layout"), "half");
  EXPECT_EQ(llama2.getInt("train_length"), 4096);
  EXPECT_EQ(llama2.getInt("length"), 4096);
  const ParamSet llama3 = get("llama3-8b-rope");
  EXPECT_EQ(llama3.getReal("base"), 500000.0);
  EXPECT_EQ(llama3.getInt("dim"), 128);
  EXPECT_EQ(llama3.getInt("train_length"), 8192);
  const ParamSet pi = get("llama2-7b-pi-16k");
  EXPECT_EQ(pi.getChoice("scaling"), "linear");
  EXPECT_EQ(pi.getReal("factor"), 4.0);
  EXPECT_EQ(pi.getInt("length"), 16384);
  const ParamSet codellama = get("codellama-7b-rope");
  EXPECT_EQ(codellama.getReal("base"), 1e6);
  EXPECT_EQ(codellama.getInt("train_length"), 16384);
  EXPECT_EQ(get("bloom-176b-alibi").getInt("heads"), 112);
  EXPECT_EQ(get("bloom-560m-alibi").getInt("heads"), 16);
  const ParamSet t5 = get("t5-base");
  EXPECT_EQ(t5.getInt("buckets"), 32);
  EXPECT_EQ(t5.getInt("max_distance"), 128);
  EXPECT_TRUE(t5.getBool("bidirectional"));
  EXPECT_EQ(t5.getInt("heads"), 12);
  const ParamSet xl = get("transformer-xl-wt103");
  EXPECT_EQ(xl.getInt("d_model"), 410);
  EXPECT_EQ(xl.getInt("heads"), 10);
  EXPECT_EQ(xl.getInt("qlen"), 150);
  EXPECT_EQ(xl.getInt("mlen"), 150);
  const ParamSet tupe = get("tupe-base");
  EXPECT_EQ(tupe.getInt("d_model"), 768);
  EXPECT_EQ(tupe.getInt("heads"), 12);
  EXPECT_EQ(tupe.getChoice("variant"), "tupe-r");
  EXPECT_EQ(tupe.getInt("buckets"), 32);
  EXPECT_EQ(tupe.getInt("max_distance"), 128);
  EXPECT_EQ(tupe.getInt("length"), 128);
  const ParamSet vaswani = get("transformer-base");
  EXPECT_EQ(vaswani.getInt("dim"), 512);
  EXPECT_EQ(vaswani.getInt("length"), 512);
  EXPECT_EQ(vaswani.getChoice("layout"), "interleaved");
  // Issue 15's presets, from the models' config.json files (sources in each description).
  const ParamSet llama31 = get("llama31-8b-rope");
  EXPECT_EQ(llama31.getChoice("scaling"), "llama3");
  EXPECT_EQ(llama31.getReal("factor"), 8.0);
  EXPECT_EQ(llama31.getReal("low_freq_factor"), 1.0);
  EXPECT_EQ(llama31.getReal("high_freq_factor"), 4.0);
  EXPECT_EQ(llama31.getInt("train_length"), 8192);
  EXPECT_EQ(llama31.getReal("base"), 500000.0);
  const ParamSet qwen = get("qwen25-7b-yarn");
  EXPECT_EQ(qwen.getChoice("scaling"), "yarn");
  EXPECT_EQ(qwen.getReal("factor"), 4.0);
  EXPECT_EQ(qwen.getInt("train_length"), 32768);
  EXPECT_EQ(qwen.getReal("base"), 1e6);
  EXPECT_EQ(qwen.getInt("dim"), 128);  // 3584 / 28
  const ParamSet phi3 = get("phi3-mini-128k-longrope");
  EXPECT_EQ(phi3.getInt("dim"), 96);        // 3072 / 32
  EXPECT_EQ(phi3.getReal("factor"), 32.0);  // 131072 / 4096
  ASSERT_EQ(phi3.getList("long_factor").size(), 48U);
  EXPECT_EQ(phi3.getList("long_factor").front(), 1.0299999713897705);
  EXPECT_EQ(phi3.getList("long_factor").back(), 64.81001281738281);
  EXPECT_EQ(phi3.getList("short_factor")[5], 1.1500000000000001);
  EXPECT_EQ(get("phi35-mini-longrope").getList("long_factor").back(), 64.83999633789062);
  const ParamSet deepseek = get("deepseek-v3-yarn");
  EXPECT_EQ(deepseek.getInt("dim"), 64);  // qk_rope_head_dim
  EXPECT_EQ(deepseek.getReal("factor"), 40.0);
  EXPECT_EQ(deepseek.getReal("mscale"), 1.0);
  EXPECT_EQ(deepseek.getReal("mscale_all_dim"), 1.0);
  EXPECT_EQ(deepseek.getInt("train_length"), 4096);
  const ParamSet oss = get("gpt-oss-20b-yarn");
  EXPECT_EQ(oss.getReal("base"), 150000.0);
  EXPECT_EQ(oss.getReal("factor"), 32.0);
  EXPECT_FALSE(oss.getBool("truncate"));
  EXPECT_EQ(get("gpt-neox-20b-rope").getReal("partial_rotary_factor"), 0.25);
  EXPECT_EQ(get("mistral-7b-rope").getInt("length"), 32768);
}

TEST(Presets, OrderIsDeterministicAndUnknownIdsAreRefused) {
  const QList<PresetInfo> list = presets();
  ASSERT_FALSE(list.isEmpty());
  EXPECT_EQ(list.front().id, "transformer-base");  // "order" 10: the original first
  try {
    (void)presetSession("gpt-5");
    ADD_FAILURE() << "accepted an unknown preset";
  } catch (const ReadError& e) {
    EXPECT_NE(std::string(e.what()).find(
                  "unknown preset 'gpt-5' (built-in presets: transformer-base, "),
              std::string::npos)
        << e.what();
  }
}

TEST(Presets, TheIconIsBuiltInToo) {
  (void)presets();  // registers the resources
  EXPECT_TRUE(QFileInfo::exists(":/icons/posenc.svg"));
}

}  // namespace
}  // namespace posenc::ui
