// SPDX-License-Identifier: GPL-3.0-or-later
// The array readers (tensor_file.hpp) on files NumPy and the safetensors layout wrote
// (tests/data/arrays, made by tests/reference/make_array_fixtures.py: every value is
// (i - 5) / 8 for its C-order flat index i), on every truncation of them, and on hand-made
// hostile files: each is read exactly or refused with a FileError naming the file.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "posenc/io/data_io.hpp"
#include "posenc/tensors/tensor_file.hpp"

namespace posenc {
namespace {

namespace fs = std::filesystem;

fs::path fixture(const std::string& name) {
  return fs::path(POSENC_TEST_DATA_DIR) / "arrays" / name;
}

std::vector<std::byte> bytesOf(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string s((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::byte> out(s.size());
  std::memcpy(out.data(), s.data(), s.size());
  return out;
}

std::vector<std::byte> bytesOf(const std::string& s) {
  std::vector<std::byte> out(s.size());
  std::memcpy(out.data(), s.data(), s.size());
  return out;
}

/// The fixtures' values: (i - 5) / 8 for C-order flat index i.
void expectFixtureValues(const Array& a, std::vector<std::int64_t> shape) {
  EXPECT_EQ(a.shape, shape);
  std::size_t n = 1;
  for (const auto d : shape) n *= static_cast<std::size_t>(d);
  ASSERT_EQ(a.values.size(), n);
  for (std::size_t i = 0; i < n; ++i)
    EXPECT_EQ(a.values[i], (static_cast<double>(i) - 5) / 8) << "flat index " << i;
}

TEST(HalfFloats, ConvertExactly) {
  EXPECT_EQ(halfToDouble(0x3C00), 1.0);
  EXPECT_EQ(halfToDouble(0xC000), -2.0);
  EXPECT_EQ(halfToDouble(0x0001), std::ldexp(1.0, -24));  // smallest subnormal
  EXPECT_EQ(halfToDouble(0x03FF), std::ldexp(1023.0, -24));
  EXPECT_EQ(halfToDouble(0x0400), std::ldexp(1.0, -14));  // smallest normal
  EXPECT_EQ(halfToDouble(0x7BFF), 65504.0);
  EXPECT_EQ(halfToDouble(0x3555), 0.333251953125);
  EXPECT_TRUE(std::signbit(halfToDouble(0x8000)));
  EXPECT_EQ(halfToDouble(0xFC00), -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(halfToDouble(0x7E00)));
  EXPECT_EQ(bfloat16ToDouble(0x3F80), 1.0);
  EXPECT_EQ(bfloat16ToDouble(0x3EAB), 0.333984375);
  EXPECT_EQ(bfloat16ToDouble(0x0001), std::ldexp(1.0, -133));  // subnormal
  EXPECT_EQ(bfloat16ToDouble(0x7F80), std::numeric_limits<double>::infinity());
}

TEST(Npy, ReadsWhatNumpyWrites) {
  struct Case {
    const char* file;
    std::vector<std::int64_t> shape;
    ElementType type;
  };
  for (const Case& c : {Case{"f64_c_3x4.npy", {3, 4}, ElementType::F64},
                        Case{"f32_fortran_3x4x2.npy", {3, 4, 2}, ElementType::F32},
                        Case{"f16_big_2x3.npy", {2, 3}, ElementType::F16},
                        Case{"f64_big_fortran_2x5.npy", {2, 5}, ElementType::F64},
                        Case{"f64_scalar.npy", {}, ElementType::F64},
                        Case{"f32_empty_0x3.npy", {0, 3}, ElementType::F32},
                        Case{"f64_v2_4.npy", {4}, ElementType::F64},
                        Case{"f32_v3_2x2.npy", {2, 2}, ElementType::F32}}) {
    SCOPED_TRACE(c.file);
    const Array a = readNpy(fixture(c.file));
    EXPECT_EQ(a.type, c.type);
    expectFixtureValues(a, c.shape);
  }
}

std::string messageOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const FileError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Npy, RefusesOtherTypesNamingTheFileAndTheType) {
  const std::string m = messageOf([] { (void)readNpy(fixture("int64_2x2.npy")); });
  EXPECT_NE(m.find("int64_2x2.npy: dtype '<i8' is not a float type"), std::string::npos) << m;
}

TEST(Npy, EveryTruncationAndATrailingByteAreRefused) {
  for (const char* name : {"f64_c_3x4.npy", "f32_v3_2x2.npy", "f64_v2_4.npy"}) {
    const std::vector<std::byte> full = bytesOf(fixture(name));
    for (std::size_t n = 0; n < full.size(); ++n)
      EXPECT_THROW((void)parseNpy(std::span(full).first(n), "cut.npy"), FileError) << n;
    std::vector<std::byte> longer = full;
    longer.push_back(std::byte{0});
    EXPECT_NE(messageOf([&] { (void)parseNpy(longer, "long.npy"); }).find("the file has"),
              std::string::npos);
  }
}

/// A version 1.0 .npy with this header text and `data` bytes.
std::vector<std::byte> npyWith(const std::string& header, const std::string& data = "") {
  std::string s = "\x93NUMPY\x01";
  s += '\0';
  s += static_cast<char>(header.size() & 0xff);
  s += static_cast<char>(header.size() >> 8);
  return bytesOf(s + header + data);
}

TEST(Npy, RefusesMalformedHeaders) {
  const std::string eight(8, '\0');
  EXPECT_EQ(parseNpy(npyWith("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", eight),
                     "ok.npy")
                .values,
            std::vector<double>{0.0});
  for (const char* header :
       {"{'descr': '<f8', 'fortran_order': False}",                          // no shape
        "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), 'x': 1}",   // extra key
        "{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (1,)}",  // structured
        "{'descr': '<f8', 'fortran_order': Maybe, 'shape': (1,)}",           // not a bool
        "{'descr': '<f8', 'fortran_order': False, 'shape': (-1,)}",          // negative
        "{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999,)}",
        "{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296)}",
        "{'descr': '<f8', 'descr': '<f8', 'fortran_order': False, 'shape': (1,)}",
        "{'descr': '<f8', 'fortran_order': False, 'shape': (1,)} junk",
        "{'descr': '<f8, 'fortran_order': False, 'shape': (1,)}", "", "{"}) {
    EXPECT_THROW((void)parseNpy(npyWith(header, eight), "bad.npy"), FileError) << header;
  }
  std::vector<std::byte> v4 = npyWith("{'descr': '<f8', 'fortran_order': False, 'shape': ()}");
  v4[6] = std::byte{4};
  EXPECT_NE(messageOf([&] { (void)parseNpy(v4, "v4.npy"); }).find("version 4.0"),
            std::string::npos);
}

TEST(Npy, ReadsBackOurOwnExport) {
  MatrixResult r;
  r.full = {2, 3};
  r.rows = {0, 1};
  r.cols = {0, 1, 2};
  r.values.resize(2, 3);
  r.values << 0.1, -2.5e-300, 7, std::nan(""), 1e300, -0.0;
  std::ostringstream out;
  writeMatrixNpy(out, r);
  const Array a = parseNpy(bytesOf(out.str()), "ours.npy");
  ASSERT_EQ(a.shape, (std::vector<std::int64_t>{2, 3}));
  for (Index i = 0; i < 2; ++i)
    for (Index j = 0; j < 3; ++j) {
      const double want = r.values(i, j);
      const double got = a.values[static_cast<std::size_t>(i * 3 + j)];
      if (std::isnan(want)) {
        EXPECT_TRUE(std::isnan(got));
      } else {
        EXPECT_EQ(std::memcmp(&want, &got, sizeof want), 0) << i << "," << j;
      }
    }
}

TEST(Npz, ReadsStoredAndDeflatedArrays) {
  EXPECT_EQ(npzNames(fixture("stored.npz")), (std::vector<std::string>{"table", "small"}));
  expectFixtureValues(readNpz(fixture("stored.npz"), "table"), {3, 4});
  const Array small = readNpz(fixture("stored.npz"), "small");
  EXPECT_EQ(small.type, ElementType::F16);
  expectFixtureValues(small, {2});
  const Array deflated = readNpz(fixture("deflated.npz"), "table");
  EXPECT_EQ(deflated.type, ElementType::F32);
  expectFixtureValues(deflated, {5, 6});
}

TEST(Npz, AnUnknownNameListsTheArrays) {
  const std::string m = messageOf([] { (void)readNpz(fixture("stored.npz"), "tabel"); });
  EXPECT_NE(m.find("stored.npz: no array 'tabel' (it holds table, small)"), std::string::npos) << m;
}

TEST(Npz, DamagedTruncatedAndOversizedArchivesAreRefused) {
  for (const char* name : {"stored.npz", "deflated.npz"}) {
    const std::vector<std::byte> full = bytesOf(fixture(name));
    for (std::size_t n = 0; n < full.size(); ++n) {
      EXPECT_THROW((void)readNpz(std::span(full).first(n), "cut.npz", "table"), FileError) << n;
    }
    // Every byte flipped in turn: read exactly (a byte no reader looks at) or refused.
    for (std::size_t at = 0; at < full.size(); ++at) {
      std::vector<std::byte> bad = full;
      bad[at] ^= std::byte{0x5a};
      try {
        const Array a = readNpz(bad, "flipped.npz", "table");
        std::size_t count = 1;
        for (const auto d : a.shape) count *= static_cast<std::size_t>(d);
        EXPECT_EQ(a.values.size(), count);
      } catch (const FileError&) {
      }
    }
  }
  const std::vector<std::byte> deflated = bytesOf(fixture("deflated.npz"));
  const std::string m = messageOf([&] { (void)readNpz(deflated, "d.npz", "table", 64); });
  EXPECT_NE(m.find("expands to more than 64 bytes"), std::string::npos) << m;
}

TEST(Safetensors, ListsAndReadsEveryFloatTensor) {
  const SafetensorsFile f(fixture("model.safetensors"));
  std::vector<std::string> names;
  for (const TensorEntry& e : f.tensors()) names.push_back(e.name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"wpe.weight", "h.0.bias", "rel.bf16", "double", "ids"}));
  EXPECT_EQ(f.metadata().at("format"), "pt");
  expectFixtureValues(f.read("wpe.weight"), {3, 4});
  expectFixtureValues(f.read("h.0.bias"), {6});
  const Array bf = f.read("rel.bf16");
  EXPECT_EQ(bf.type, ElementType::BF16);
  expectFixtureValues(bf, {2, 3});
  expectFixtureValues(f.read("double"), {2});
  EXPECT_EQ(f.find("ids")->dtype, "I64");
  EXPECT_NE(messageOf([&] {
              (void)f.read("ids");
            }).find("tensor 'ids': dtype I64 is not a float type"),
            std::string::npos);
  EXPECT_NE(
      messageOf([&] {
        (void)f.read("wte.weight");
      }).find("no tensor 'wte.weight' (it holds wpe.weight, h.0.bias, rel.bf16, double, ids)"),
      std::string::npos);
}

TEST(Safetensors, EveryTruncationIsRefusedOrReadsWholeTensors) {
  const std::vector<std::byte> full = bytesOf(fixture("model.safetensors"));
  for (std::size_t n = 0; n < full.size(); ++n)
    EXPECT_THROW((SafetensorsFile(std::span(full).first(n), "cut.safetensors")), FileError) << n;
}

/// A safetensors file with this header text and `dataBytes` zero bytes of data.
std::vector<std::byte> safetensorsWith(const std::string& header, std::size_t dataBytes) {
  std::string s(8, '\0');
  std::uint64_t n = header.size();
  for (int k = 0; k < 8; ++k)
    s[static_cast<std::size_t>(k)] = static_cast<char>((n >> (8 * k)) & 0xff);
  return bytesOf(s + header + std::string(dataBytes, '\0'));
}

TEST(Safetensors, HostileHeadersAreRefusedWithTheReason) {
  const auto reason = [](const std::string& header, std::size_t data) {
    try {
      (void)SafetensorsFile(safetensorsWith(header, data), "x.safetensors");
    } catch (const FileError& e) {
      return e.reason();
    }
    return std::string("accepted");
  };
  EXPECT_EQ(reason(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", 8), "accepted");
  EXPECT_NE(reason(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                   R"("b":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})",
                   8)
                .find("overlap"),
            std::string::npos);
  EXPECT_NE(
      reason(R"({"a":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})", 8).find("needs 12 bytes"),
      std::string::npos);
  EXPECT_NE(
      reason(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", 4).find("truncated"),
      std::string::npos);
  EXPECT_NE(
      reason(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[8,0]}})", 8).find("begin <= end"),
      std::string::npos);
  EXPECT_NE(
      reason(R"({"a":{"dtype":"F32","shape":[-2],"data_offsets":[0,8]}})", 8).find("whole numbers"),
      std::string::npos);
  EXPECT_NE(reason(R"({"a":{"dtype":"F32","shape":[4294967296,4294967296],"data_offsets":[0,8]}})",
                   8)
                .find("too large"),
            std::string::npos);
  EXPECT_NE(reason(R"({"__metadata__":{"k":1}})", 0).find("not a string"), std::string::npos);
  EXPECT_NE(reason("[1,2]", 0).find("not a JSON object"), std::string::npos);
  EXPECT_NE(reason(std::string(200000, '['), 0).find("not a JSON object"), std::string::npos);
  std::vector<std::byte> huge = safetensorsWith("{}", 0);
  huge[7] = std::byte{0x7f};  // header length near 2^63
  EXPECT_THROW((SafetensorsFile(huge, "huge.safetensors")), FileError);
}

TEST(Safetensors, ATensorListedTwiceIsRefusedNamingIt) {
  // Before: accepted, the last entry winning and the first one unreadable.
  const std::string header = R"({"wpe.weight":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                             R"("wte.weight":{"dtype":"F32","shape":[1],"data_offsets":[8,12]},)"
                             R"("wpe.weight":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})";
  try {
    (void)SafetensorsFile(safetensorsWith(header, 12), "x.safetensors");
    ADD_FAILURE() << "accepted";
  } catch (const FileError& e) {
    EXPECT_EQ(e.reason(), "tensor 'wpe.weight' is listed twice");
  }
}

TEST(Safetensors, FieldsAndMetadataInAnyOrderAndWithExtraKeys) {
  // The header is read as events: fields in any order, unknown keys (of any shape) skipped.
  const std::string header =
      R"({"b":{"x":{"y":[1,{"z":2}]},"data_offsets":[0,8],"shape":[2],"dtype":"F32"},)"
      R"("__metadata__":{"format":"pt","k":"v"},"a":{"shape":[],"dtype":"I64",)"
      R"("data_offsets":[8,16]}})";
  const SafetensorsFile f(safetensorsWith(header, 16), "x.safetensors");
  ASSERT_EQ(f.tensors().size(), 2U);
  EXPECT_EQ(f.tensors()[0].name, "b");
  EXPECT_EQ(f.tensors()[0].shape, (std::vector<std::int64_t>{2}));
  EXPECT_EQ(f.tensors()[1].name, "a");
  EXPECT_EQ(f.tensors()[1].dtype, "I64");
  EXPECT_EQ(f.metadata().at("k"), "v");
}

TEST(SafetensorsIndex, ResolvesShardsInTheIndexFolder) {
  const SafetensorsIndex index = readSafetensorsIndex(fixture("model.safetensors.index.json"));
  ASSERT_EQ(index.tensors.size(), 2U);
  ASSERT_NE(index.find("transformer.wpe.weight"), nullptr);
  const fs::path shard1 = *index.find("transformer.wpe.weight");
  EXPECT_EQ(shard1.filename(), "model-00001-of-00002.safetensors");
  expectFixtureValues(SafetensorsFile(shard1).read("transformer.wpe.weight"), {4, 2});
  ASSERT_NE(index.find("lm_head.weight"), nullptr);
  expectFixtureValues(SafetensorsFile(*index.find("lm_head.weight")).read("lm_head.weight"),
                      {2, 2});
  EXPECT_EQ(index.find("no.such.weight"), nullptr);
}

TEST(SafetensorsIndex, RefusesShardsOutsideItsFolderAndBrokenIndexes) {
  for (const char* shard :
       {"../model.safetensors", "/etc/passwd", "sub/model.safetensors", "..", "", "a\\\\b"}) {
    const std::string json = std::string(R"({"weight_map": {"w": ")") + shard + R"("}})";
    EXPECT_THROW((void)parseSafetensorsIndex(json, "/models/x", "index.json"), FileError) << shard;
  }
  EXPECT_THROW((void)parseSafetensorsIndex("{}", "/m", "i.json"), FileError);
  EXPECT_THROW((void)parseSafetensorsIndex(R"({"weight_map": {"w": 3}})", "/m", "i.json"),
               FileError);
  EXPECT_THROW((void)parseSafetensorsIndex("not json", "/m", "i.json"), FileError);
  EXPECT_THROW((void)readSafetensorsIndex(fixture("no-such-index.json")), FileError);
  EXPECT_THROW((void)readSafetensorsIndex(fixture("")), FileError);  // a folder
}

std::string indexReason(const std::string& text) {
  try {
    (void)parseSafetensorsIndex(text, "/m", "i.json");
  } catch (const FileError& e) {
    return e.reason();
  }
  return "(accepted)";
}

TEST(SafetensorsIndex, ListsEachShardOnceInTheOrderFirstNamed) {
  // Before: a std::map from tensor to path; each caller de-duplicated the shards itself.
  const SafetensorsIndex index = parseSafetensorsIndex(
      R"({"metadata": {"total_size": 8}, "weight_map": {"c": "b.safetensors",)"
      R"( "a": "a.safetensors", "b": "b.safetensors", "d": "a.safetensors", "a": "a.safetensors"}})",
      "/m", "i.json");
  ASSERT_EQ(index.shards.size(), 2U);
  EXPECT_EQ(index.shards[0], fs::path("/m/b.safetensors"));
  EXPECT_EQ(index.shards[1], fs::path("/m/a.safetensors"));
  ASSERT_EQ(index.tensors.size(), 4U);  // "a" twice with the same shard is one tensor
  EXPECT_EQ(index.tensors.front().first, "a");
  EXPECT_EQ(*index.find("c"), fs::path("/m/b.safetensors"));
  EXPECT_EQ(*index.find("d"), fs::path("/m/a.safetensors"));
}

TEST(SafetensorsIndex, RefusesMoreShardsThanAnyCheckpointHas) {
  // Before: accepted, and inspect opened every one after a quadratic de-duplication.
  const auto indexOf = [](std::size_t shards) {
    std::string text = R"({"weight_map": {)";
    for (std::size_t k = 0; k < shards; ++k)
      text += (k ? ",\"t" : "\"t") + std::to_string(k) + "\": \"s" + std::to_string(k) + "\"";
    return text + "}}";
  };
  EXPECT_EQ(parseSafetensorsIndex(indexOf(kMaxIndexShards), "/m", "i.json").shards.size(),
            kMaxIndexShards);
  const std::string reason = indexReason(indexOf(kMaxIndexShards + 1));
  EXPECT_NE(reason.find("names 4097 shards; at most 4096"), std::string::npos) << reason;
}

TEST(SafetensorsIndex, RefusesATensorListedWithTwoShards) {
  // Before: accepted, the last shard winning.
  const std::string reason =
      indexReason(R"({"weight_map": {"wpe.weight": "a", "wte.weight": "a", "wpe.weight": "b"}})");
  EXPECT_NE(reason.find("tensor 'wpe.weight' is listed twice"), std::string::npos) << reason;
  EXPECT_NE(indexReason(R"({"weight_map": {"w": [1]}})").find("is not a string"),
            std::string::npos);
  EXPECT_NE(indexReason(R"({"weight_map": []})").find("no \"weight_map\" object"),
            std::string::npos);
  EXPECT_NE(indexReason(R"([{"weight_map": {}}])").find("not a JSON object"), std::string::npos);
  EXPECT_NE(indexReason(R"({"weight_map": {"w": "../x"}, )").find("not a JSON object"),
            std::string::npos);
}

}  // namespace
}  // namespace posenc
