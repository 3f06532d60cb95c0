// SPDX-License-Identifier: GPL-3.0-or-later
// The learned scheme with a model's own trained table (`table`): drawn exactly as stored, the
// table fixing dim and max_len, the RoBERTa / OPT offset (HF modeling_roberta.py
// create_position_ids_from_input_ids, modeling_opt.py OPTLearnedPositionalEmbedding), ViT's
// [CLS] plus patch grid (view grid, after Fig. 7 of Dosovitskiy et al. 2021), the table views
// pca, spectrum and norms, the cosine measure, and every refusal naming `table`. The tables
// are tiny files written by the test (safetensors and .npy, as the formats define them).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "posenc/io/data_io.hpp"
#include "posenc/maths/table_analysis.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc/schemes/learned/learned.hpp"
#include "posenc/tensors/tensor_ref.hpp"

namespace posenc {
namespace {

namespace fs = std::filesystem;
using Sets = std::vector<std::pair<std::string, std::string>>;

/// One array of a safetensors file: name, shape and values (written as F32 or F64).
struct Tensor {
  std::string name;
  std::vector<std::int64_t> shape;
  std::vector<double> values;
};

/// A fresh folder for this test's files.
fs::path folder() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path dir = fs::temp_directory_path() / "posenc_learned_table" / info->name();
  fs::remove_all(dir);
  fs::create_directories(dir);
  clearTensorCache();
  return dir;
}

void putLe64(std::ofstream& out, std::uint64_t v) {
  for (int b = 0; b < 8; ++b) out.put(static_cast<char>((v >> (8 * b)) & 0xFF));
}

void putValues(std::ofstream& out, const std::vector<double>& values, bool f32) {
  for (const double v : values) {
    char bytes[8];
    if (f32) {
      const auto f = static_cast<float>(v);
      std::memcpy(bytes, &f, 4);
      out.write(bytes, 4);
    } else {
      std::memcpy(bytes, &v, 8);
      out.write(bytes, 8);
    }
  }
}

/// A .safetensors file (the format of huggingface/safetensors: 8-byte little-endian header
/// size, a JSON header of dtype, shape and data_offsets, then the data).
fs::path writeSafetensors(const fs::path& path, const std::vector<Tensor>& tensors,
                          bool f32 = true) {
  std::string header = "{";
  std::size_t at = 0;
  for (const Tensor& t : tensors) {
    std::string shape;
    for (const auto n : t.shape) shape += (shape.empty() ? "" : ",") + std::to_string(n);
    const std::size_t bytes = t.values.size() * (f32 ? 4 : 8);
    header += (header.size() > 1 ? "," : "") + std::string("\"") + t.name + "\":{\"dtype\":\"" +
              (f32 ? "F32" : "F64") + "\",\"shape\":[" + shape + "],\"data_offsets\":[" +
              std::to_string(at) + "," + std::to_string(at + bytes) + "]}";
    at += bytes;
  }
  header += "}";
  while (header.size() % 8 != 0) header += ' ';
  std::ofstream out(path, std::ios::binary);
  putLe64(out, header.size());
  out << header;
  for (const Tensor& t : tensors) putValues(out, t.values, f32);
  return path;
}

/// A little-endian float32 .npy file of `rows` x `cols` values (NEP 1, version 1.0).
fs::path writeNpy(const fs::path& path, std::int64_t rows, std::int64_t cols,
                  const std::vector<double>& values) {
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" +
                       std::to_string(rows) + ", " + std::to_string(cols) + "), }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  out.write("\x93NUMPY\x01\x00", 8);
  out.put(static_cast<char>(header.size() & 0xFF));
  out.put(static_cast<char>(header.size() >> 8));
  out << header;
  putValues(out, values, true);
  return path;
}

/// Values with no short decimal form: 0.1 r - 0.37 k + 0.013 r k.
std::vector<double> ramp(std::int64_t rows, std::int64_t cols) {
  std::vector<double> v;
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t c = 0; c < cols; ++c)
      v.push_back(0.1 * static_cast<double>(r) - 0.37 * static_cast<double>(c) +
                  0.013 * static_cast<double>(r * c));
  return v;
}

const Scheme& learned() { return findScheme("learned"); }

ParamError refusal(const Sets& sets) {
  try {
    (void)makeParams(learned(), sets);
  } catch (const ParamError& e) {
    return e;
  }
  return ParamError("(accepted)", "", Message());
}

MatrixResult all(const ParamSet& params, const std::string& view) {
  return computeMatrix(learned(), params, view);
}

TEST(LearnedTable, TheFilesTableIsDrawnExactlyAndFixesDimAndMaxLen) {
  const fs::path file =
      writeSafetensors(folder() / "model.safetensors", {{"wpe.weight", {6, 5}, ramp(6, 5)}});
  const ParamSet params = makeParams(learned(), {{"table", file.string()}, {"length", "6"}});
  const MatrixShape shape = learned().shape(params, "encoding");
  EXPECT_EQ(shape.rows, 6);
  EXPECT_EQ(shape.cols, 5);  // dim = the table's columns, not the parameter's 128
  const Matrix e = all(params, "encoding").values;
  const std::vector<double> v = ramp(6, 5);
  for (Index r = 0; r < 6; ++r)
    for (Index c = 0; c < 5; ++c)  // the stored float32, converted exactly
      EXPECT_EQ(e(r, c),
                static_cast<double>(static_cast<float>(v[static_cast<std::size_t>(r * 5 + c)])));
  // max_len is the table's 6 rows: 7 positions are refused with overflow = error.
  EXPECT_EQ(refusal({{"table", file.string()}, {"length", "7"}}).param(), "length");
  // A trained table is not a stand-in: pictures carry no "random stand-in" line.
  EXPECT_FALSE(standInSeed(learned(), params, "encoding").has_value());
  EXPECT_FALSE(standInSeed(learned(), params, "pca").has_value());
  const ParamSet standIn = makeParams(learned(), {});
  EXPECT_EQ(standInSeed(learned(), standIn, "encoding"), std::uint64_t{0});
  EXPECT_EQ(standInSeed(learned(), standIn, "pca"), std::uint64_t{0});
  // Nor do exported numbers say so.
  std::ostringstream trained, random;
  const ExportContext withTable{.scheme = "learned",
                                .view = &findView(learned(), "norms"),
                                .params = &params};
  writeSeriesJson(trained, withTable, learned().series(params, "norms"));
  const ExportContext withoutTable{.scheme = "learned",
                                   .view = &findView(learned(), "norms"),
                                   .params = &standIn};
  writeSeriesJson(random, withoutTable, learned().series(standIn, "norms"));
  EXPECT_EQ(trained.str().find("random_stand_ins"), std::string::npos);
  EXPECT_NE(random.str().find("\"random_stand_ins\": true"), std::string::npos);
}

TEST(LearnedTable, ANpyTableAndF64ValuesAreReadToo) {
  const fs::path dir = folder();
  const fs::path npy = writeNpy(dir / "t.npy", 4, 3, ramp(4, 3));
  const ParamSet a = makeParams(learned(), {{"table", npy.string()}, {"length", "4"}});
  EXPECT_EQ(all(a, "encoding").values(3, 2),
            static_cast<double>(static_cast<float>(ramp(4, 3)[11])));
  const fs::path f64 =
      writeSafetensors(dir / "m.safetensors", {{"x", {4, 3}, ramp(4, 3)}}, /*f32=*/false);
  const ParamSet b = makeParams(learned(), {{"table", f64.string()}, {"length", "4"}});
  EXPECT_EQ(all(b, "encoding").values(3, 2), ramp(4, 3)[11]);
}

TEST(LearnedTable, AnUnnamedCheckpointGivesItsPositionTableWithOrWithoutAPrefix) {
  const fs::path dir = folder();
  for (const std::string name :
       {"wpe.weight", "transformer.wpe.weight", "bert.embeddings.position_embeddings.weight",
        "roberta.embeddings.position_embeddings.weight", "model.decoder.embed_positions.weight",
        "vit.embeddings.position_embeddings"}) {
    const fs::path file =
        writeSafetensors(dir / (name + ".safetensors"), {{"wte.weight", {3, 2}, {9, 9, 9, 9, 9, 9}},
                                                         {name, {1, 4, 2}, ramp(4, 2)}});
    const ParamSet p = makeParams(learned(), {{"table", file.string()}, {"length", "4"}});
    EXPECT_EQ(learned().shape(p, "encoding").cols, 2) << name;  // (1, 4, 2): leading 1 dropped
    EXPECT_EQ(all(p, "encoding").values(1, 0), static_cast<double>(static_cast<float>(0.1)))
        << name;
  }
}

TEST(LearnedTable, EveryUnusableTableIsRefusedNamingTable) {
  const fs::path dir = folder();
  const fs::path several = writeSafetensors(dir / "two.safetensors",
                                            {{"a", {2, 2}, ramp(2, 2)}, {"b", {2, 2}, ramp(2, 2)}});
  const fs::path cube = writeSafetensors(dir / "cube.safetensors", {{"t", {2, 3, 4}, ramp(6, 4)}});
  const fs::path empty = writeSafetensors(dir / "empty.safetensors", {{"t", {0, 4}, {}}});
  std::ofstream(dir / "broken.safetensors") << "not a safetensors file";
  for (const std::string& text :
       {(dir / "missing.npy").string(), several.string(), several.string() + ":c", cube.string(),
        empty.string(), (dir / "broken.safetensors").string()}) {
    const ParamError e = refusal({{"table", text}});
    EXPECT_EQ(e.param(), "table") << text;
    EXPECT_EQ(e.value(), text);
  }
  // The named array of a file of several is fine.
  EXPECT_NO_THROW(
      (void)makeParams(learned(), {{"table", several.string() + ":b"}, {"length", "2"}}));
}

TEST(LearnedTable, OffsetShiftsEveryPositionByTwoRows) {
  const fs::path file =
      writeSafetensors(folder() / "roberta.safetensors",
                       {{"roberta.embeddings.position_embeddings.weight", {8, 3}, ramp(8, 3)}});
  const std::string t = file.string();
  const ParamSet p = makeParams(learned(), {{"table", t}, {"offset", "2"}, {"length", "6"}});
  const Matrix e = all(p, "encoding").values;
  const std::vector<double> v = ramp(8, 3);
  for (Index pos = 0; pos < 6; ++pos)  // position p reads row p + 2: rows 0 and 1 unused
    EXPECT_EQ(e(pos, 1), static_cast<double>(
                             static_cast<float>(v[static_cast<std::size_t>((pos + 2) * 3 + 1)])));
  // 8 rows hold positions 0 .. 5 only.
  const ParamError tooLong = refusal({{"table", t}, {"offset", "2"}, {"length", "7"}});
  EXPECT_EQ(tooLong.param(), "length");
  EXPECT_NE(tooLong.allowed().find("max_len - offset (6)"), std::string::npos);
  EXPECT_EQ(refusal({{"table", t}, {"offset", "8"}, {"length", "1"}}).param(), "offset");
  // repeat wraps within the rows used: position 6 is position 0 again (row 2), 7 is row 3.
  LearnedParams r = learnedParamsFrom(
      makeParams(learned(),
                 {{"table", t}, {"offset", "2"}, {"length", "9"}, {"overflow", "repeat"}}));
  EXPECT_EQ(learnedTableRow(r, 6), 2);
  EXPECT_EQ(learnedTableRow(r, 7), 3);
  r.overflow = LearnedOverflow::Clamp;
  EXPECT_EQ(learnedTableRow(r, 100), 7);
  // The readout says which row and why.
  const std::vector<Term> terms = learned().explainCell(p, "encoding", 3, 1);
  ASSERT_GE(terms.size(), 4U);
  EXPECT_EQ(terms[1].name, "table row r(p) = p + offset");
  EXPECT_EQ(terms[1].value, 5);
  EXPECT_EQ(terms.back().name, "trained table " + t + ", rows");
  EXPECT_EQ(terms.back().value, 8);
  // The extrapolation chart shifts with it.
  const SeriesResult x = learned().series(p, "extrapolation");
  EXPECT_EQ(x.curves[0].y[0], 2);
  EXPECT_EQ(x.curves[2].y[6], 2);  // repeat: position 6 -> row 2
}

/// A ViT-like table: [CLS] then side x side patches whose rows are (cos, sin) of the patch's
/// row and column angles, so patches in the same row or column are alike.
std::vector<double> vitTable(int side) {
  std::vector<double> v = {0.5, -0.5, 0.25, 0.0};  // [CLS]
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c) {
      const double a = 0.9 * r, b = 0.7 * c + 0.2;
      v.insert(v.end(), {std::cos(a), std::sin(a), std::cos(b), std::sin(b)});
    }
  return v;
}

TEST(LearnedTable, TheVitGridTilesTheCosinesOfEveryPatchWithEveryOther) {
  const int side = 3;
  const fs::path file =
      writeSafetensors(folder() / "vit.safetensors",
                       {{"vit.embeddings.position_embeddings", {1, 10, 4}, vitTable(side)}},
                       /*f32=*/false);
  const ParamSet p =
      makeParams(learned(), {{"table", file.string()}, {"grid", "3"}, {"length", "10"}});
  const MatrixResult g = all(p, "grid");
  ASSERT_EQ(g.values.rows(), 9);
  ASSERT_EQ(g.values.cols(), 9);
  const std::vector<double> v = vitTable(side);
  auto row = [&](int cell) {  // the patch's table row: 1 + cell, after [CLS]
    return Eigen::Map<const Vector>(&v[static_cast<std::size_t>((1 + cell) * 4)], 4);
  };
  for (int a = 0; a < side; ++a)
    for (int b = 0; b < side; ++b)
      for (int i = 0; i < side; ++i)
        for (int j = 0; j < side; ++j) {
          const Vector u = row(a * side + b), w = row(i * side + j);
          EXPECT_NEAR(g.values(a * side + i, b * side + j), u.dot(w) / (u.norm() * w.norm()),
                      1e-15);
        }
  // Each tile holds 1 at its own patch, and the picture is symmetric to the last bit.
  for (int cell = 0; cell < 9; ++cell)
    EXPECT_NEAR(g.values((cell / side) * side + cell / side, (cell % side) * side + cell % side),
                1.0, 1e-15);
  for (Index r = 0; r < 9; ++r)
    for (Index c = 0; c < 9; ++c) {
      const Index u = (r / 3) * 3 + c / 3, w = (r % 3) * 3 + c % 3;  // swap the two patches
      EXPECT_EQ(g.values(r, c), g.values((w / 3) * 3 + u / 3, (w % 3) * 3 + u % 3));
    }
  const std::vector<Term> terms = learned().explainCell(p, "grid", 5, 1);  // tile (1, 0), (2, 1)
  EXPECT_EQ(terms[0].value, 1);
  EXPECT_EQ(terms[1].value, 0);
  EXPECT_EQ(terms[2].value, 4);  // row 1 + 3
  EXPECT_EQ(terms[3].value, 2);
  EXPECT_EQ(terms[4].value, 1);
  EXPECT_EQ(terms[5].value, 8);
  EXPECT_EQ(refusal({{"table", file.string()}, {"grid", "4"}, {"length", "10"}}).param(), "grid");
}

TEST(LearnedTable, WithoutAGridPositionsWrapInRowsOfTheSquareRootOfLength) {
  LearnedParams p;  // the stand-in, length 128: side 11, positions 0 .. 120
  EXPECT_EQ(learnedGridSide(p), 11);
  const auto shape = learned().shape(makeParams(learned(), {}), "grid");
  EXPECT_EQ(shape.rows, 121);
  p.length = 9;
  const std::vector<Index> rows = {0, 4, 8}, cols = {0, 5, 8};
  const Matrix g = learnedGridCosines(p, rows, cols);
  const Matrix t = learnedTableRows(p, std::vector<Index>{0, 1, 2, 4, 5, 8});
  // Cell (4, 5): tile (1, 1) = position 4, inside (1, 2) = position 5.
  EXPECT_NEAR(g(1, 1), t.row(3).dot(t.row(4)) / (t.row(3).norm() * t.row(4).norm()), 1e-15);
  EXPECT_NEAR(g(0, 0), 1.0, 1e-15);
  EXPECT_NEAR(g(2, 2), 1.0, 1e-15);
}

TEST(LearnedTable, CosineMeasureDividesByTheNorms) {
  std::vector<double> v = ramp(5, 4);
  for (int c = 0; c < 4; ++c) v[static_cast<std::size_t>(8 + c)] = 0;  // row 2 all zero
  const fs::path file = writeSafetensors(folder() / "t.safetensors", {{"t", {5, 4}, v}}, false);
  const ParamSet dot = makeParams(learned(), {{"table", file.string()}, {"length", "5"}});
  const ParamSet cos =
      makeParams(learned(), {{"table", file.string()}, {"length", "5"}, {"measure", "cosine"}});
  const Matrix d = all(dot, "similarity").values, c = all(cos, "similarity").values;
  for (Index i = 0; i < 5; ++i)
    for (Index j = 0; j < 5; ++j) {
      if (i == 2 || j == 2) {
        EXPECT_EQ(c(i, j), 0.0);  // no direction: 0, not NaN
        continue;
      }
      EXPECT_NEAR(c(i, j), d(i, j) / std::sqrt(d(i, i) * d(j, j)), 1e-14);
      EXPECT_EQ(c(i, j), c(j, i));
    }
  EXPECT_NEAR(c(4, 4), 1.0, 1e-15);
  const std::vector<Term> t = learned().explainCell(cos, "similarity", 1, 3);
  EXPECT_NEAR(t.back().value, c(1, 3), 1e-14);
}

/// A GPT-2-like table: n positions, d columns; column k a sinusoid of position of frequency
/// bins[k % bins.size()] / n cycles per position.
Matrix helixTable(Index n, Index d, const std::vector<Index>& bins) {
  Matrix t(n, d);
  for (Index p = 0; p < n; ++p)
    for (Index k = 0; k < d; ++k) {
      const double w = 2 * std::numbers::pi *
                       static_cast<double>(bins[static_cast<std::size_t>(k) % bins.size()]) /
                       static_cast<double>(n);
      const double amplitude = 1.0 + 0.3 * static_cast<double>(k / 2);  // a pair: one circle
      t(p, k) = (k % 2 == 0 ? std::cos(w * static_cast<double>(p))
                            : std::sin(w * static_cast<double>(p))) *
                amplitude;
    }
  return t;
}

std::vector<double> flat(const Matrix& m) { return {m.data(), m.data() + m.size()}; }

TEST(LearnedTable, TheTableViewsShowATrainedTablesStructure) {
  const Matrix t = helixTable(64, 6, {1, 1, 3, 3, 5, 5});
  const fs::path file =
      writeSafetensors(folder() / "helix.safetensors", {{"wpe.weight", {64, 6}, flat(t)}}, false);
  const ParamSet p = makeParams(learned(), {{"table", file.string()}, {"length", "64"}});
  // pca: the pair of largest amplitude (bin 5) is a circle: every point at its radius 1.6.
  const SeriesResult pca = learned().series(p, "pca");
  ASSERT_EQ(pca.curves.size(), 2U);
  ASSERT_EQ(pca.x.size(), 64U);
  const RowPca ref = rowPca(t, 3);
  for (std::size_t i = 0; i < 64; ++i) {
    EXPECT_DOUBLE_EQ(pca.x[i], ref.coords(static_cast<Index>(i), 0));
    EXPECT_DOUBLE_EQ(pca.curves[0].y[i], ref.coords(static_cast<Index>(i), 1));
    EXPECT_EQ(pca.curves[0].colour[i], static_cast<double>(i));  // coloured by position
    EXPECT_NEAR(std::hypot(pca.x[i], pca.curves[0].y[i]), 1.6, 1e-12);
  }
  EXPECT_TRUE(std::isnan(pca.curves[1].y[1]));  // the start marker: position 0 only
  EXPECT_EQ(pca.curves[1].y[0], pca.curves[0].y[0]);
  EXPECT_NE(pca.curves[0].name.find("PC1 "), std::string::npos);
  // spectrum: each column's own bin.
  const SeriesResult s = learned().series(p, "spectrum");
  const std::vector<double> expected = {1.0 / 64, 1.0 / 64, 3.0 / 64, 3.0 / 64, 5.0 / 64, 5.0 / 64};
  EXPECT_EQ(s.curves[0].y, expected);
  // norms: the rows' own norms.
  const SeriesResult n = learned().series(p, "norms");
  for (std::size_t i = 0; i < 64; ++i)
    EXPECT_NEAR(n.curves[0].y[i], t.row(static_cast<Index>(i)).norm(), 1e-14);
  // The stand-in has no structure: no component stands out.
  const SeriesResult noise = learned().series(makeParams(learned(), {}), "pca");
  const RowPca standIn = rowPca(learnedTableRows(LearnedParams{}, std::vector<Index>([] {
                                                   std::vector<Index> r(128);
                                                   for (Index i = 0; i < 128; ++i)
                                                     r[static_cast<std::size_t>(i)] = i;
                                                   return r;
                                                 }())),
                                3);
  EXPECT_LT(standIn.explained[0], 0.1);
  EXPECT_EQ(noise.x[5], standIn.coords(5, 0));
}

TEST(LearnedTable, ModelsMapToTheirTableOffsetAndGrid) {
  const ModelMapping roberta = mapConfig(
      R"({"model_type": "roberta", "max_position_embeddings": 514, "hidden_size": 768,
          "pad_token_id": 1})",
      "c");
  Sets params = roberta.params;
  auto at = [&](const std::string& key) {
    for (const auto& [k, v] : params)
      if (k == key) return v;
    return std::string("(none)");
  };
  EXPECT_EQ(at("offset"), "2");
  EXPECT_EQ(at("max_len"), "514");
  EXPECT_EQ(at("length"), "512");  // 514 rows hold 512 positions
  EXPECT_EQ(roberta.tensors[0].param, "table");
  EXPECT_NO_THROW((void)makeParams(learned(), params));
  params =
      mapConfig(R"({"model_type": "opt", "max_position_embeddings": 2048, "hidden_size": 768})",
                "c")
          .params;
  EXPECT_EQ(at("offset"), "2");
  EXPECT_EQ(at("max_len"), "2050");
  params = mapConfig(R"({"model_type": "vit", "image_size": 224, "patch_size": 16,
                         "hidden_size": 768})",
                     "c")
               .params;
  EXPECT_EQ(at("grid"), "14");
  EXPECT_EQ(at("offset"), "(none)");
  EXPECT_NO_THROW((void)makeParams(learned(), params));
  for (const char* type : {"gpt2", "bert"}) {
    const ModelMapping m = mapConfig(std::string(R"({"model_type": ")") + type +
                                         R"(", "max_position_embeddings": 512, "n_positions": 1024,
                                         "hidden_size": 8, "n_embd": 8})",
                                     "c");
    EXPECT_EQ(m.tensors[0].param, "table") << type;
  }
}

TEST(LearnedTable, AModelFolderIsDrawnFromItsOwnTable) {
  const fs::path dir = folder();
  std::ofstream(dir / "config.json")
      << R"({"model_type": "roberta", "max_position_embeddings": 6, "hidden_size": 3})";
  writeSafetensors(dir / "model.safetensors",
                   {{"roberta.embeddings.position_embeddings.weight", {6, 3}, ramp(6, 3)}});
  const ModelSetup setup = modelSetup(dir.string(), dir / "no-cache");
  const ParamSet p = makeParams(learned(), setup.params);
  EXPECT_EQ(p.getInt("offset"), 2);
  EXPECT_EQ(p.getInt("length"), 4);
  EXPECT_NE(p.getText("table").find("roberta.embeddings.position_embeddings.weight"),
            std::string::npos);
  EXPECT_EQ(all(p, "encoding").values(0, 0),
            static_cast<double>(static_cast<float>(ramp(6, 3)[6])));
}

}  // namespace
}  // namespace posenc

namespace {

TEST(LearnedLabels, CosineSimilarityIsTitledAndLabelledAsCosines) {
  // The same view draws dot products or cosines: its title and colour bar must say which.
  const posenc::Scheme& learned = posenc::findScheme("learned");
  const posenc::ViewLabels dot = learned.labels(posenc::makeParams(learned, {}), "similarity");
  EXPECT_EQ(dot.title, "");
  EXPECT_EQ(dot.valueLabel, "");
  const posenc::ViewLabels cosine =
      learned.labels(posenc::makeParams(learned, {{"measure", "cosine"}}), "similarity");
  EXPECT_NE(cosine.title.find("Cosine similarity"), std::string::npos) << cosine.title;
  EXPECT_EQ(cosine.valueLabel, "cos(T[r(p)], T[r(q)])");
  // Other views keep their own labels under either measure.
  EXPECT_EQ(learned.labels(posenc::makeParams(learned, {{"measure", "cosine"}}), "encoding").title,
            "");
}

}  // namespace
