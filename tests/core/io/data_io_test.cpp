// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/io/data_io.hpp"

#include <cstring>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

namespace posenc {
namespace {

namespace fs = std::filesystem;

MatrixResult smallMatrix() {
  MatrixResult m;
  m.full = {2, 3};
  m.rows = {0, 1};
  m.cols = {0, 1, 2};
  m.values.resize(2, 3);
  m.values << 1.0, -0.5, kMasked, 0.1, 1e-300, 123456789.0;
  return m;
}

struct Fixture {
  ViewSpec view{.id = "bias",
                .kind = ViewKind::Matrix,
                .title = "t",
                .xLabel = "key position j",
                .yLabel = "query position i",
                .valueLabel = "bias"};
  ParamSet params{{intParam("length", 2, 1, 10, "n"), boolParam("causal", true, "c"),
                   realParam("std", 0.02, 0, 1, "s"),
                   choiceParam("layout", "half", {"half", "x"}, "l")}};
  ExportContext ctx() const { return {"alibi", &view, &params}; }
};

TEST(DataFormat, FromExtension) {
  EXPECT_EQ(dataFormatFromPath("a/b.CSV"), DataFormat::Csv);
  EXPECT_EQ(dataFormatFromPath("x.npy"), DataFormat::Npy);
  EXPECT_EQ(dataFormatFromPath("x.json"), DataFormat::Json);
  EXPECT_EQ(dataFormatFromPath("x.png"), std::nullopt);
  EXPECT_EQ(dataFormatFromPath("dir.json/x"), std::nullopt);
}

TEST(Json, NumbersRoundTripAndMaskedIsNull) {
  EXPECT_EQ(jsonNumber(0.1), "0.10000000000000001");
  EXPECT_EQ(jsonNumber(3), "3");
  EXPECT_EQ(jsonNumber(kMasked), "null");
  EXPECT_EQ(jsonString("a\"b\\c\n\x01"), "\"a\\\"b\\\\c\\n\\u0001\"");
}

TEST(Json, MatrixDocumentHasTheDocumentedKeys) {
  Fixture f;
  std::ostringstream os;
  writeMatrixJson(os, f.ctx(), smallMatrix());
  const std::string expected =
      "{\"scheme\": \"alibi\", \"view\": \"bias\", \"params\": {\"length\": 2, \"causal\": true, "
      "\"std\": 0.02, \"layout\": \"half\"}, \"kind\": \"matrix\", \"rows\": 2, \"cols\": 3, "
      "\"row_start\": 0, \"col_start\": 0, \"row_label\": \"query position i\", "
      "\"col_label\": \"key position j\", \"value_label\": \"bias\",\n \"data\": [\n"
      "  [1, -0.5, null],\n  [0.10000000000000001, 1e-300, 123456789]\n]}\n";
  EXPECT_EQ(os.str(), expected);
}

TEST(Json, SeriesDocument) {
  Fixture f;
  f.view =
      ViewSpec{.id = "slopes", .kind = ViewKind::Series, .xLabel = "head h", .yLabel = "slope"};
  SeriesResult s{{0, 1}, {{"slope m_h", {0.5, 0.25}}, {"gap", {kMasked, 2}}}};
  std::ostringstream os;
  writeSeriesJson(os, f.ctx(), s);
  EXPECT_NE(os.str().find("\"kind\": \"series\", \"x_label\": \"head h\", \"y_label\": "
                          "\"slope\",\n \"x\": [0, 1],"),
            std::string::npos)
      << os.str();
  EXPECT_NE(os.str().find("{\"name\": \"gap\", \"y\": [null, 2]}"), std::string::npos) << os.str();
}

TEST(Json, RandomStandInsAndAnAbsentTermAreSaidAfterTheParams) {
  Fixture f;
  f.view.randomStandIns = true;
  ExportContext ctx = f.ctx();
  ctx.absentTerm = "Variant x has no \"b\"";
  std::ostringstream os;
  writeMatrixJson(os, ctx, smallMatrix());
  EXPECT_NE(os.str().find("\"layout\": \"half\"}, \"random_stand_ins\": true, \"absent_term\": "
                          "\"Variant x has no \\\"b\\\"\", \"kind\": \"matrix\""),
            std::string::npos)
      << os.str();
  std::ostringstream series;
  writeSeriesJson(series, f.ctx(), SeriesResult{{0}, {{"y", {1}}}});
  EXPECT_NE(series.str().find("\"random_stand_ins\": true, \"kind\": \"series\""),
            std::string::npos)
      << series.str();
}

TEST(Csv, MatrixRowsAndSeriesHeader) {
  std::ostringstream m;
  writeMatrixCsv(m, smallMatrix());
  EXPECT_EQ(m.str(), "1,-0.5,nan\n0.10000000000000001,1e-300,123456789\n");
  std::ostringstream s;
  writeSeriesCsv(s, SeriesResult{{1, 2}, {{"a", {3, 4}}, {"b, quoted", {5, kMasked}}}});
  EXPECT_EQ(s.str(), "x,a,\"b, quoted\"\n1,3,5\n2,4,nan\n");
}

TEST(Npy, HeaderIsAlignedAndDataIsLittleEndianFloat64InCOrder) {
  std::ostringstream os;
  writeMatrixNpy(os, smallMatrix());
  const std::string b = os.str();
  ASSERT_GE(b.size(), 10u);
  EXPECT_EQ(b.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  const std::size_t headerLen =
      static_cast<unsigned char>(b[8]) | (static_cast<unsigned char>(b[9]) << 8);
  EXPECT_EQ((10 + headerLen) % 64, 0u);
  const std::string header = b.substr(10, headerLen);
  EXPECT_EQ(header.rfind("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }", 0), 0u)
      << header;
  EXPECT_EQ(header.back(), '\n');
  ASSERT_EQ(b.size(), 10 + headerLen + 6 * 8);
  double v[6];
  std::memcpy(v, b.data() + 10 + headerLen, sizeof v);
  EXPECT_EQ(v[1], -0.5);
  EXPECT_TRUE(std::isnan(v[2]));
  EXPECT_EQ(v[3], 0.1);
  EXPECT_EQ(v[5], 123456789.0);
}

TEST(Npy, SeriesHasXThenOneColumnPerCurve) {
  std::ostringstream os;
  writeSeriesNpy(os, SeriesResult{{1, 2, 3}, {{"a", {4, 5, 6}}}});
  const std::string b = os.str();
  const std::size_t headerLen =
      static_cast<unsigned char>(b[8]) | (static_cast<unsigned char>(b[9]) << 8);
  EXPECT_NE(b.find("'shape': (3, 2)"), std::string::npos);
  double v[6];
  std::memcpy(v, b.data() + 10 + headerLen, sizeof v);
  EXPECT_EQ(v[0], 1);
  EXPECT_EQ(v[1], 4);
  EXPECT_EQ(v[4], 3);
  EXPECT_EQ(v[5], 6);
}

class AtomicWrite : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = fs::temp_directory_path() / ("posenc-atomic-" + std::to_string(::getpid()));
    fs::create_directories(m_dir);
  }
  void TearDown() override { fs::remove_all(m_dir); }
  static std::string read(const fs::path& p) {
    std::ifstream in(p);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  std::size_t entries() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(m_dir), {}));
  }
  fs::path m_dir;
};

TEST_F(AtomicWrite, WritesWholeFileAndLeavesNoTemporary) {
  const fs::path p = m_dir / "a.csv";
  writeFileAtomically(p, [](std::ostream& os) { os << "1,2\n"; });
  EXPECT_EQ(read(p), "1,2\n");
  writeFileAtomically(p, [](std::ostream& os) { os << "3\n"; });
  EXPECT_EQ(read(p), "3\n");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(AtomicWrite, FailingWriterLeavesTheOldFileIntact) {
  const fs::path p = m_dir / "keep.json";
  writeFileAtomically(p, [](std::ostream& os) { os << "old"; });
  EXPECT_THROW(writeFileAtomically(p,
                                   [](std::ostream& os) {
                                     os << "partial";
                                     throw std::runtime_error("boom");
                                   }),
               std::runtime_error);
  EXPECT_EQ(read(p), "old");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(AtomicWrite, MissingFolderOrFolderInTheWayIsAClearError) {
  try {
    writeFileAtomically(m_dir / "no" / "x.csv", [](std::ostream&) {});
    ADD_FAILURE();
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("does not exist"), std::string::npos) << e.what();
  }
  fs::create_directories(m_dir / "sub");
  EXPECT_THROW(writeFileAtomically(m_dir / "sub", [](std::ostream&) {}), IoError);
}

TEST_F(AtomicWrite, FullDiskIsReportedAndNothingIsLeft) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  // Writing into /dev/full's folder is not possible; emulate a failing stream instead.
  const fs::path p = m_dir / "full.npy";
  EXPECT_THROW(writeFileAtomically(p, [](std::ostream& os) { os.setstate(std::ios::badbit); }),
               IoError);
  EXPECT_FALSE(fs::exists(p));
  EXPECT_EQ(entries(), 0u);
}

}  // namespace
}  // namespace posenc
