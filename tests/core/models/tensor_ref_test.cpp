// SPDX-License-Identifier: GPL-3.0-or-later
// Trained tables named by parameters (tensor_ref.hpp): "FILE[:NAME]" split as documented, every
// array file kind read through the reference, the unnamed choice, the cache that reads a file
// again once it changes, and refusals that name the parameter and the file.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "posenc/base/params.hpp"
#include "posenc/tensors/tensor_ref.hpp"
#include "support/tensor_files.hpp"

namespace {

namespace fs = std::filesystem;
using posenc::FileError;
using posenc::ParamError;
using posenc::parseTensorRef;
using posenc::test::freshTempDir;
using posenc::test::writeNpy;

std::string arrays(const std::string& name) {
  return (fs::path(POSENC_TEST_DATA_DIR) / "arrays" / name).string();
}

TEST(TensorRef, SplitsFileAndNameAtTheColonAfterAnArrayFile) {
  EXPECT_EQ(parseTensorRef("dir/model.safetensors:wpe.weight").file, "dir/model.safetensors");
  EXPECT_EQ(parseTensorRef("dir/model.safetensors:wpe.weight").name, "wpe.weight");
  // A tensor name with a colon of its own keeps it.
  EXPECT_EQ(parseTensorRef("m.safetensors:a:b").name, "a:b");
  EXPECT_EQ(parseTensorRef("x.npz:table").file, "x.npz");
  EXPECT_EQ(parseTensorRef("t.npy").name, "");
  EXPECT_EQ(parseTensorRef("idx/model.safetensors.index.json:w").file,
            "idx/model.safetensors.index.json");
  // An existing file is one file even when its name holds a colon-free path.
  EXPECT_EQ(parseTensorRef(arrays("stored.npz")).name, "");
  EXPECT_THROW((void)parseTensorRef(""), FileError);
  const posenc::TensorRef r{"a/b.safetensors", "x:y"};
  EXPECT_EQ(parseTensorRef(posenc::formatTensorRef(r)), r);
}

TEST(TensorRef, ReadsEveryKindOfArrayFile) {
  // Values are (k - 5) / 8 in C order (make_array_fixtures.py `values`).
  const auto npy = posenc::tableParam("table", arrays("f64_c_3x4.npy"));
  EXPECT_EQ(npy.rows, 3);
  EXPECT_EQ(npy.cols, 4);
  EXPECT_EQ(npy(2, 3), (11.0 - 5) / 8);
  const auto npz = posenc::tableParam("table", arrays("deflated.npz"));  // its only array
  EXPECT_EQ(npz.rows, 5);
  EXPECT_EQ(npz(4, 5), (29.0 - 5) / 8);
  const auto named = posenc::tableParam("table", arrays("stored.npz") + ":table");
  EXPECT_EQ(named.cols, 4);
  const auto st = posenc::tableParam("table", arrays("model.safetensors") + ":wpe.weight");
  EXPECT_EQ(st.rows, 3);
  EXPECT_EQ(st(1, 0), (4.0 - 5) / 8);
  // A sharded checkpoint: the index maps the name to its shard.
  const auto shard = posenc::tableParam("table", arrays("model.safetensors.index.json") +
                                                     ":transformer.wpe.weight");
  EXPECT_EQ(shard.rows, 4);
  EXPECT_EQ(shard.cols, 2);
  // Unnamed: the first preferred name the file holds.
  const std::vector<std::string> preferred = {"missing", "rel.bf16"};
  const auto picked = posenc::tableParam("table", arrays("model.safetensors"), preferred);
  EXPECT_EQ(picked.rows, 2);
  EXPECT_EQ(picked.cols, 3);
}

TEST(TensorRef, RefusalsNameTheParameterTheFileAndTheReason) {
  const auto refused = [](const std::string& text, const std::string& part) {
    try {
      (void)posenc::tableParam("table", text);
      ADD_FAILURE() << text << " was taken";
    } catch (const ParamError& e) {
      EXPECT_EQ(e.param(), "table");
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    }
  };
  refused("no-such.npy", "no such file");
  refused(arrays("model.safetensors"), "name one as FILE:NAME");  // five tensors, none preferred
  refused(arrays("model.safetensors") + ":ids", "I64");
  refused(arrays("model.safetensors") + ":h.0.bias", "rows x columns");  // one dimension
  refused(arrays("stored.npz") + ":nothing", "nothing");
  refused(arrays("f64_c_3x4.npy") + ":x", "one array");
  refused(arrays("model.safetensors.index.json") + ":nope", "nope");
  refused(POSENC_TEST_DATA_DIR, "not a file");
}

TEST(TensorRef, AFileWrittenAgainIsReadAgain) {
  const fs::path dir = freshTempDir("posenc_tensor_ref_test");
  const fs::path file = dir / "t.npy";
  writeNpy(file, {1, 1}, {1.5});
  EXPECT_EQ(posenc::tableParam("table", file.string())(0, 0), 1.5);
  EXPECT_EQ(posenc::tableParam("table", file.string()).array,
            posenc::tableParam("table", file.string()).array);  // kept, not read again
  writeNpy(file, {1, 1}, {-2.25});
  // Same size: the modification time tells the two apart.
  fs::last_write_time(file, fs::last_write_time(file) + std::chrono::seconds(5));
  EXPECT_EQ(posenc::tableParam("table", file.string())(0, 0), -2.25);
  fs::remove_all(dir);
}

TEST(TensorRef, NonFiniteValuesAreRefused) {
  const fs::path dir = freshTempDir("posenc_tensor_ref_nan");
  const fs::path file = dir / "nan.npy";
  writeNpy(file, {1, 2}, {1.0, std::numeric_limits<double>::quiet_NaN()});
  try {
    (void)posenc::tableParam("table", file.string());
    ADD_FAILURE() << "NaN taken";
  } catch (const ParamError& e) {
    EXPECT_NE(std::string(e.what()).find("NaN"), std::string::npos) << e.what();
  }
  fs::remove_all(dir);
}

}  // namespace
