// SPDX-License-Identifier: GPL-3.0-or-later
// The GGUF reader (gguf_file.hpp) on files written by the test's own writer
// (tests/support/gguf_writer.hpp, the layout of ggml's docs/gguf.md written out by hand):
// every value type read back exactly, tensors of F32 / F16 / BF16 / F64 converted exactly
// and quantised ones listed but refused, a 150k-token vocabulary skipped, every truncation
// and every hostile header refused with a FileError naming the file. The expected numbers
// are written out here: float literals, and IEEE half / bfloat16 bit patterns whose values
// are known exactly (0x3C00 = 1, 0x3555 = 0.333251953125, 0x3EAB = 0.333984375, ...).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "posenc/tensors/gguf_file.hpp"
#include "support/gguf_writer.hpp"
#include "support/tensor_files.hpp"

namespace posenc {
namespace {

namespace fs = std::filesystem;
using test::GgufWriter;
namespace gguf = test::gguf;

class Gguf : public ::testing::Test {
 protected:
  void SetUp() override { m_dir = test::freshTempDir("posenc_gguf_test"); }
  void TearDown() override { fs::remove_all(m_dir); }

  /// Writes `w` as NAME.gguf and returns its path.
  fs::path write(const GgufWriter& w, const std::string& name = "model") const {
    const fs::path p = m_dir / (name + ".gguf");
    w.writeTo(p);
    return p;
  }
  fs::path writeBytes(const std::string& bytes, const std::string& name = "raw") const {
    const fs::path p = m_dir / (name + ".gguf");
    std::ofstream(p, std::ios::binary)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return p;
  }
  /// The reason of the FileError `f` throws, checked to name `file`; "(accepted)" if none.
  static std::string refusal(const std::function<void()>& f, const fs::path& file) {
    try {
      f();
    } catch (const FileError& e) {
      EXPECT_EQ(e.file(), file.string());
      return e.reason();
    }
    return "(accepted)";
  }
  /// The reason readGgufHeader gives for `w`.
  std::string headerRefusal(const GgufWriter& w) const {
    const fs::path p = write(w, "hostile");
    return refusal([&] { (void)readGgufHeader(p); }, p);
  }

  fs::path m_dir;
};

/// Every scalar type, and arrays of numbers, strings and bools.
GgufWriter everyType(std::uint32_t version) {
  GgufWriter w(version);
  w.string("general.architecture", "llama")
      .scalar<std::uint8_t>("u8", gguf::kU8, 200)
      .scalar<std::int8_t>("i8", gguf::kI8, -100)
      .scalar<std::uint16_t>("u16", gguf::kU16, 60000)
      .scalar<std::int16_t>("i16", gguf::kI16, -30000)
      .scalar<std::uint32_t>("llama.context_length", gguf::kU32, 4000000000U)
      .scalar<std::int32_t>("i32", gguf::kI32, -2000000000)
      .scalar<float>("llama.rope.freq_base", gguf::kF32, 500000.0F)
      .scalar<std::uint8_t>("b", gguf::kBool, 1)
      .scalar<std::uint64_t>("u64", gguf::kU64, (std::uint64_t{1} << 63) + 5)
      .scalar<std::int64_t>("i64", gguf::kI64, -(std::int64_t{1} << 62))
      .scalar<double>("f64", gguf::kF64, 0.1)
      .array<std::int32_t>("llama.rope.dimension_sections", gguf::kI32, {1, -2, 3})
      .array<float>("f32s", gguf::kF32, {0.5F, -0.1F})
      .array<std::uint8_t>("bools", gguf::kBool, {1, 0})
      .strings("general.tags", {"a", "bc", ""});
  return w;
}

void expectEveryType(const GgufFile& f) {
  EXPECT_EQ(f.string("general.architecture"), "llama");
  EXPECT_EQ(f.integer("u8"), 200);
  EXPECT_EQ(f.integer("i8"), -100);
  EXPECT_EQ(f.integer("u16"), 60000);
  EXPECT_EQ(f.integer("i16"), -30000);
  EXPECT_EQ(f.integer("llama.context_length"), 4000000000LL);
  EXPECT_EQ(f.integer("i32"), -2000000000);
  EXPECT_EQ(f.number("llama.rope.freq_base"), 500000.0);
  EXPECT_TRUE(f.boolean("b"));
  EXPECT_EQ(f.number("u64"), 9223372036854775808.0);  // 2^63 + 5 rounded to a double
  EXPECT_EQ(f.integer("i64"), -4611686018427387904LL);
  EXPECT_EQ(f.number("f64"), 0.1);
  EXPECT_EQ(f.number("i32"), -2000000000.0);
  EXPECT_EQ(f.numbers("llama.rope.dimension_sections"), (std::vector<double>{1, -2, 3}));
  EXPECT_EQ(f.numbers("f32s"), (std::vector<double>{0.5, static_cast<double>(-0.1F)}));
  EXPECT_EQ(f.strings("general.tags"), (std::vector<std::string>{"a", "bc", ""}));
  const GgufValue* bools = f.find("bools");
  ASSERT_NE(bools, nullptr);
  EXPECT_EQ(bools->typeText(), "array[bool]");
  EXPECT_EQ(bools->count, 2U);
  EXPECT_EQ(bools->bytes, (std::vector<std::byte>{std::byte{1}, std::byte{0}}));
  ASSERT_EQ(f.metadata.size(), 16U);
  EXPECT_EQ(f.metadata[5].first, "llama.context_length");  // the file's order
  EXPECT_EQ(f.find("u16")->typeText(), "uint16");
  EXPECT_EQ(f.alignment, 32U);
  EXPECT_TRUE(f.tensors.empty());
}

TEST_F(Gguf, ReadsEveryValueTypeOfVersions2And3) {
  for (const std::uint32_t version : {2U, 3U}) {
    const fs::path p = write(everyType(version), "v" + std::to_string(version));
    const GgufFile f = readGgufHeader(p);
    EXPECT_EQ(f.version, version);
    EXPECT_EQ(f.name, p.string());
    expectEveryType(f);
  }
}

TEST_F(Gguf, AccessorsNameTheKeyTheTypeFoundAndTheTypesWanted) {
  const fs::path p = write(everyType(3));
  const GgufFile f = readGgufHeader(p);
  EXPECT_EQ(refusal([&] { (void)f.integer("general.architecture"); }, p),
            "key 'general.architecture' is string, not uint8, int8, uint16, int16, uint32, "
            "int32, uint64 or int64");
  EXPECT_EQ(refusal([&] { (void)f.string("general.tags"); }, p),
            "key 'general.tags' is array[string], not string");
  EXPECT_EQ(refusal([&] { (void)f.boolean("u8"); }, p), "key 'u8' is uint8, not bool");
  EXPECT_EQ(refusal([&] { (void)f.strings("b"); }, p), "key 'b' is bool, not array[string]");
  EXPECT_EQ(refusal([&] { (void)f.number("general.missing"); }, p), "no key 'general.missing'");
  EXPECT_EQ(refusal([&] { (void)f.integer("u64"); }, p),
            "key 'u64' holds 9223372036854775813, past the largest signed 64-bit integer");
  EXPECT_EQ(f.find("nope"), nullptr);
}

/// Two F32 tables, then F16, BF16, F64 and quantised ones, each at the next aligned offset.
GgufWriter withTensors(std::uint64_t alignment) {
  GgufWriter w(3, alignment);
  w.string("general.architecture", "llama");
  if (alignment != 32)
    w.scalar<std::uint32_t>("general.alignment", gguf::kU32, static_cast<std::uint32_t>(alignment));
  w.tensor("f32", {3, 2}, gguf::kTypeF32,
           test::bytesOf<float>({1.5F, -2.25F, 0.1F, 3e-5F, 0, -0.0F}))
      .tensor("f16", {3, 2}, gguf::kTypeF16,
              test::bytesOf<std::uint16_t>({0x3C00, 0xC000, 0x3555, 0x0001, 0x7BFF, 0x8000}))
      .tensor("bf16", {2, 2}, gguf::kTypeBF16,
              test::bytesOf<std::uint16_t>({0x3F80, 0xC040, 0x3EAB, 0x4049}))
      .tensor("f64", {2}, gguf::kTypeF64, test::bytesOf<double>({0.1, -1e300}))
      .tensor("q8", {32, 2}, gguf::kTypeQ8_0, std::string(68, '\x01'))
      .tensor("blk.0.attn_q.weight", {256}, gguf::kTypeQ4_K, std::string(144, '\x02'));
  return w;
}

TEST_F(Gguf, ReadsFloatTensorsExactlyInCOrder) {
  for (const std::uint64_t alignment : {32U, 64U}) {
    const fs::path p = write(withTensors(alignment), "a" + std::to_string(alignment));
    const GgufFile f = readGgufHeader(p);
    EXPECT_EQ(f.alignment, alignment);
    EXPECT_EQ(f.dataStart % alignment, 0U);
    ASSERT_EQ(f.tensors.size(), 6U);
    const std::vector<std::uint64_t> bytes = {24, 12, 8, 16, 68, 144};
    // Each at the next multiple of the alignment after the one before (q8's 68 bytes take
    // three blocks of 32 or two of 64).
    const std::vector<std::uint64_t> at =
        alignment == 32 ? std::vector<std::uint64_t>{0, 32, 64, 96, 128, 224}
                        : std::vector<std::uint64_t>{0, 64, 128, 192, 256, 384};
    for (std::size_t k = 0; k < 6; ++k) {
      EXPECT_EQ(f.tensors[k].offset, f.dataStart + at[k]) << k;
      EXPECT_EQ(f.tensors[k].bytes, bytes[k]) << k;
    }
    EXPECT_EQ(f.fileSize, f.tensors[5].offset + 144);
    const GgufTensorInfo& q8 = *f.findTensor("q8");
    EXPECT_EQ(q8.dims, (std::vector<std::uint64_t>{32, 2}));
    EXPECT_EQ(q8.shape, (std::vector<std::int64_t>{2, 32}));
    EXPECT_EQ(q8.type, 8U);
    EXPECT_EQ(q8.typeName, "Q8_0");

    const Array f32 = readGgufTensor(f, "f32");
    EXPECT_EQ(f32.shape, (std::vector<std::int64_t>{2, 3}));
    EXPECT_EQ(f32.type, ElementType::F32);
    EXPECT_EQ(f32.values, (std::vector<double>{1.5, -2.25, static_cast<double>(0.1F),
                                               static_cast<double>(3e-5F), 0.0, -0.0}));
    EXPECT_TRUE(std::signbit(f32.values[5]));
    const Array f16 = readGgufTensor(f, "f16");
    EXPECT_EQ(f16.type, ElementType::F16);
    EXPECT_EQ(f16.values, (std::vector<double>{1.0, -2.0, 0.333251953125, 5.9604644775390625e-08,
                                               65504.0, -0.0}));
    const Array bf16 = readGgufTensor(f, "bf16");
    EXPECT_EQ(bf16.shape, (std::vector<std::int64_t>{2, 2}));
    EXPECT_EQ(bf16.values, (std::vector<double>{1.0, -3.0, 0.333984375, 3.140625}));
    const Array f64 = readGgufTensor(f, "f64");
    EXPECT_EQ(f64.shape, (std::vector<std::int64_t>{2}));
    EXPECT_EQ(f64.values, (std::vector<double>{0.1, -1e300}));
  }
}

TEST_F(Gguf, RefusesQuantisedTensorsNamingTheirType) {
  const fs::path p = write(withTensors(32));
  const GgufFile f = readGgufHeader(p);
  EXPECT_EQ(refusal([&] { (void)readGgufTensor(f, "blk.0.attn_q.weight"); }, p),
            "tensor 'blk.0.attn_q.weight': Q4_K tensors cannot be drawn: only F32, F16, BF16 "
            "and F64 are read");
  EXPECT_EQ(refusal([&] { (void)readGgufTensor(f, "q8"); }, p),
            "tensor 'q8': Q8_0 tensors cannot be drawn: only F32, F16, BF16 and F64 are read");
  EXPECT_EQ(refusal([&] { (void)readGgufTensor(f, "nope"); }, p),
            "no tensor 'nope' (the file holds 6 tensors)");
}

TEST_F(Gguf, NamesEveryGgmlType) {
  EXPECT_EQ(ggmlTypeName(0), "F32");
  EXPECT_EQ(ggmlTypeName(14), "Q6_K");
  EXPECT_EQ(ggmlTypeName(30), "BF16");
  EXPECT_EQ(ggmlTypeName(39), "MXFP4");
  for (const std::uint32_t removed : {4U, 5U, 31U, 32U, 33U, 36U, 37U, 38U, 42U, 1000U})
    EXPECT_EQ(ggmlTypeName(removed), "") << removed;
  // GGML_QUANT_SIZES: Q4_0 blocks of 32 values in 18 bytes, Q4_K of 256 in 144.
  EXPECT_EQ(ggmlTypeBytes(2, 64), 36U);
  EXPECT_EQ(ggmlTypeBytes(12, 512), 288U);
  EXPECT_EQ(ggmlTypeBytes(9, 32), 40U);  // Q8_1: two floats and 32 bytes
  EXPECT_EQ(ggmlTypeBytes(2, 33), std::nullopt);
  EXPECT_EQ(ggmlTypeBytes(0, std::uint64_t{1} << 63), std::nullopt);
}

TEST_F(Gguf, SkipsAVocabularyOf150kTokensRecordingTypeAndCountOnly) {
  std::vector<std::string> tokens;
  for (int k = 0; k < 150000; ++k) tokens.push_back("tok" + std::to_string(k));
  GgufWriter w;
  w.string("general.architecture", "qwen2")
      .strings("tokenizer.ggml.tokens", tokens)
      .array<float>("tokenizer.ggml.scores", gguf::kF32, std::vector<float>(150000, 0.5F))
      .array<std::uint8_t>("kept", gguf::kU8, std::vector<std::uint8_t>(4096, 7))
      .array<std::uint8_t>("skipped", gguf::kU8, std::vector<std::uint8_t>(4097, 7))
      .scalar<std::uint32_t>("tokenizer.ggml.bos_token_id", gguf::kU32, 151643)
      .tensor("token_embd.weight", {2}, gguf::kTypeF32, test::bytesOf<float>({0.5F, 2}));
  const fs::path p = write(w);
  const GgufFile f = readGgufHeader(p);
  const GgufValue& vocab = *f.find("tokenizer.ggml.tokens");
  EXPECT_TRUE(vocab.isArray());
  EXPECT_EQ(vocab.elementType, GgufType::String);
  EXPECT_EQ(vocab.count, 150000U);
  EXPECT_FALSE(vocab.kept);
  EXPECT_TRUE(vocab.strings.empty());
  EXPECT_EQ(vocab.strings.capacity(), 0U);
  const GgufValue& scores = *f.find("tokenizer.ggml.scores");
  EXPECT_EQ(scores.typeText(), "array[float32]");
  EXPECT_FALSE(scores.kept);
  EXPECT_EQ(scores.bytes.capacity(), 0U);
  EXPECT_TRUE(f.find("kept")->kept);
  EXPECT_EQ(f.numbers("kept").size(), 4096U);
  EXPECT_FALSE(f.find("skipped")->kept);
  EXPECT_EQ(f.find("skipped")->count, 4097U);
  // What follows the skipped arrays is read where it is.
  EXPECT_EQ(f.integer("tokenizer.ggml.bos_token_id"), 151643);
  EXPECT_EQ(readGgufTensor(f, "token_embd.weight").values, (std::vector<double>{0.5, 2.0}));
  EXPECT_EQ(refusal([&] { (void)f.strings("tokenizer.ggml.tokens"); }, p),
            "key 'tokenizer.ggml.tokens' is an array of 150000 values: arrays longer than 4096 "
            "are skipped, not kept");
}

TEST_F(Gguf, RefusesEveryTruncation) {
  GgufWriter w;
  w.string("general.architecture", "llama")
      .array<std::int32_t>("sections", gguf::kI32, {1, 2})
      .strings("tags", {"x", "yz"})
      .tensor("a", {3}, gguf::kTypeF32, test::bytesOf<float>({1, 2, 3}))
      .tensor("b", {2}, gguf::kTypeF16, test::bytesOf<std::uint16_t>({0x3C00, 0x3C00}));
  const std::string whole = w.bytes();
  ASSERT_LT(whole.size(), 400U);
  (void)readGgufHeader(writeBytes(whole, "whole"));
  for (std::size_t n = 0; n < whole.size(); ++n) {
    const fs::path p = writeBytes(whole.substr(0, n), "cut");
    EXPECT_NE(refusal([&] { (void)readGgufHeader(p); }, p), "(accepted)") << n << " bytes";
  }
}

TEST_F(Gguf, RefusesAFileCutShortAfterItsHeaderWasRead) {
  GgufWriter w;
  w.tensor("t", {1024}, gguf::kTypeF32, std::string(4096, '\0'));
  const fs::path p = write(w);
  const GgufFile f = readGgufHeader(p);
  fs::resize_file(p, f.dataStart + 100);
  const std::string reason = refusal([&] { (void)readGgufTensor(f, "t"); }, p);
  EXPECT_EQ(reason.rfind("changed while it was read", 0), 0U) << reason;
}

TEST_F(Gguf, RefusesWhatIsNotARegularFile) {
  const fs::path fifo = m_dir / "pipe.gguf";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(refusal([&] { (void)readGgufHeader(fifo); }, fifo),
            "is a FIFO (named pipe), not a regular file");
  EXPECT_EQ(refusal([&] { (void)readGgufHeader(m_dir); }, m_dir), "is a folder, not a file");
}

TEST_F(Gguf, RefusesOtherFilesVersionsAndByteOrders) {
  std::string big = std::string("GGUF") + std::string("\0\0\0\x03", 4) + std::string(16, '\0');
  const fs::path bigPath = writeBytes(big, "big");
  EXPECT_EQ(refusal([&] { (void)readGgufHeader(bigPath); }, bigPath),
            "big-endian GGUF is not supported (its version, 3, is written in big-endian byte "
            "order): only little-endian GGUF files are read");
  EXPECT_EQ(headerRefusal(GgufWriter(1)),
            "GGUF version 1 is not read (versions 2 and 3 are; llama.cpp no longer reads "
            "version 1 either)");
  EXPECT_EQ(headerRefusal(GgufWriter(4)), "GGUF version 4 is not read (versions 2 and 3 are)");
  EXPECT_EQ(headerRefusal(GgufWriter(0)), "GGUF version 0 is not read (versions 2 and 3 are)");
  const fs::path ggml = writeBytes(std::string("\x1b[2J") + std::string(20, '\0'), "ggml");
  EXPECT_EQ(refusal([&] { (void)readGgufHeader(ggml); }, ggml),
            "not a GGUF file: it starts with '?[2J', not 'GGUF'");
  const fs::path shortFile = writeBytes(std::string("GGUF\x03\0\0\0", 8), "short");
  EXPECT_EQ(refusal([&] { (void)readGgufHeader(shortFile); }, shortFile),
            "too short for a GGUF file (8 bytes; its header alone takes 24)");
}

TEST_F(Gguf, RefusesCountsTheFileCannotHoldBeforeAllocating) {
  GgufWriter pairs;
  pairs.counts(0, std::uint64_t{1} << 62);
  EXPECT_EQ(headerRefusal(pairs),
            "claims 4611686018427387904 key-value pairs and 0 tensors, more than the 0 bytes "
            "after its header can hold");
  GgufWriter tensors;
  tensors.string("k", "v").counts(std::uint64_t{1} << 62, std::nullopt);
  EXPECT_EQ(headerRefusal(tensors),
            "claims 1 key-value pairs and 4611686018427387904 tensors, more than the 22 bytes "
            "after its header can hold");
  GgufWriter array;
  array.rawPairs(std::string("\x01\0\0\0\0\0\0\0k\x09\0\0\0\x04\0\0\0", 17) +
                     std::string("\0\0\0\0\0\0\0\x20", 8) + std::string(8, '\0'),
                 1);
  EXPECT_EQ(headerRefusal(array),
            "key 'k': an array of 2305843009213693952 uint32 values cannot fit in the 8 bytes "
            "left");
}

TEST_F(Gguf, RefusesStringsPastTheEnd) {
  GgufWriter value;
  value.rawPairs(std::string("\x01\0\0\0\0\0\0\0k\x08\0\0\0", 13) +
                     std::string("\0\0\0\0\0\x01\0\0", 8),
                 1);
  EXPECT_EQ(headerRefusal(value),
            "ends inside the value of key 'k' (a truncated file?): 1099511627776 bytes are "
            "needed at byte 45, it has 45");
  GgufWriter key;
  key.rawPairs(std::string("\x40\0\0\0\0\0\0\0", 8) + std::string(16, 'k'), 1);
  EXPECT_EQ(headerRefusal(key),
            "ends inside the key of key-value pair 1 (a truncated file?): 64 bytes are needed "
            "at byte 32, it has 48");
}

TEST_F(Gguf, RefusesBadKeysAndValues) {
  GgufWriter twice;
  twice.string("general.name", "a")
      .scalar<std::uint8_t>("u", gguf::kU8, 1)
      .string("general.name", "b");
  EXPECT_EQ(headerRefusal(twice), "key 'general.name' is given twice");
  GgufWriter empty;
  empty.string("", "a");
  EXPECT_EQ(headerRefusal(empty), "the key of key-value pair 1 is empty");
  GgufWriter longKey;
  longKey.string(std::string(65536, 'k'), "a");
  EXPECT_EQ(headerRefusal(longKey),
            "the key of key-value pair 1 is 65536 bytes long; GGUF keys have at most 65535");
  GgufWriter type;
  type.scalar<std::uint32_t>("k", 13, 0);
  EXPECT_EQ(headerRefusal(type), "key 'k': value type 13 is not a GGUF type (0 to 12)");
  GgufWriter nested;
  nested.array<std::uint32_t>("k", gguf::kArray, {});
  EXPECT_EQ(headerRefusal(nested), "key 'k' is an array of arrays, which ggml does not read");
  GgufWriter badBool;
  badBool.scalar<std::uint8_t>("k", gguf::kBool, 2);
  EXPECT_EQ(headerRefusal(badBool), "key 'k': a bool holds 2 (a bool is 0 or 1)");
  // Nothing a file says reaches a message raw: an escape sequence becomes '?'.
  GgufWriter escape;
  escape.string("a\x1b]0;x\x07", "1").string("a\x1b]0;x\x07", "2");
  EXPECT_EQ(headerRefusal(escape), "key 'a?]0;x?' is given twice");
}

TEST_F(Gguf, RefusesAlignmentsThatAreNotUint32PowersOfTwo) {
  for (const std::uint32_t a : {0U, 48U}) {
    GgufWriter w;
    w.scalar<std::uint32_t>("general.alignment", gguf::kU32, a);
    EXPECT_EQ(headerRefusal(w),
              "general.alignment is " + std::to_string(a) + "; it must be a power of two");
  }
  GgufWriter u64;
  u64.scalar<std::uint64_t>("general.alignment", gguf::kU64, 32);
  EXPECT_EQ(headerRefusal(u64), "general.alignment is uint64; it must be uint32");
}

TEST_F(Gguf, RefusesBadTensorEntries) {
  const auto one = [&](const std::vector<std::uint64_t>& ne, std::uint32_t type,
                       const std::string& data = "", std::optional<std::uint64_t> at = {}) {
    GgufWriter w;
    w.tensor("x", ne, type, data, at);
    return headerRefusal(w);
  };
  const std::uint64_t big = std::uint64_t{1} << 32;
  EXPECT_EQ(one({big, big, big}, gguf::kTypeF32),
            "tensor 'x': shape (4294967296, 4294967296, 4294967296) is too large");
  EXPECT_EQ(one({std::uint64_t{1} << 63}, gguf::kTypeF32),
            "tensor 'x': shape (9223372036854775808) is too large");
  EXPECT_EQ(one({1, 1, 1, 1, 1}, gguf::kTypeF32),
            "tensor 'x': 5 dimensions; GGUF tensors have at most 4");
  EXPECT_EQ(one({32}, 4), "tensor 'x': ggml type 4 is not one ggml knows");
  EXPECT_EQ(one({32}, 42), "tensor 'x': ggml type 42 is not one ggml knows");
  EXPECT_EQ(one({33}, gguf::kTypeQ4_0),
            "tensor 'x': its rows of 33 values are not whole Q4_0 blocks");
  EXPECT_EQ(one({1}, gguf::kTypeF32, std::string(8, '\0'), 4),
            "tensor 'x': its data offset 4 is not a multiple of the alignment 32");
  const std::string pastEnd = one({100}, gguf::kTypeF32, std::string(8, '\0'));
  EXPECT_EQ(pastEnd.rfind("tensor 'x': its data (400 bytes at byte 0 of the data section) passes "
                          "the end of the file (",
                          0),
            0U)
      << pastEnd;
  const std::string farAway =
      one({1}, gguf::kTypeF32, "", std::numeric_limits<std::uint64_t>::max() - 31);
  EXPECT_EQ(farAway.rfind("tensor 'x': its data (4 bytes at byte 18446744073709551584 of the data "
                          "section) passes the end of the file (",
                          0),
            0U)
      << farAway;
  GgufWriter overlap;
  overlap.tensor("a", {16}, gguf::kTypeF32, std::string(64, '\0'))
      .tensor("b", {2}, gguf::kTypeF32, std::string(8, '\0'), 32);
  EXPECT_EQ(headerRefusal(overlap), "tensors 'a' and 'b' overlap in the data section");
  GgufWriter twice;
  twice.tensor("a", {1}, gguf::kTypeF32, std::string(4, '\0'))
      .tensor("a", {1}, gguf::kTypeF32, std::string(4, '\0'));
  EXPECT_EQ(headerRefusal(twice), "tensor 'a' is listed twice");
  GgufWriter longName;
  longName.tensor(std::string(64, 'n'), {1}, gguf::kTypeF32, std::string(4, '\0'));
  EXPECT_EQ(headerRefusal(longName),
            "the name of tensor 1 is 64 bytes long; ggml's tensor names have at most 63");
}

TEST_F(Gguf, ReadsAScalarTensorAndEmptyOnes) {
  GgufWriter w;
  w.tensor("scalar", {}, gguf::kTypeF32, test::bytesOf<float>({7}))
      .tensor("empty", {0, 3}, gguf::kTypeF16, "")
      .tensor("after", {1}, gguf::kTypeF32, test::bytesOf<float>({8}));
  const GgufFile f = readGgufHeader(write(w));
  const Array s = readGgufTensor(f, "scalar");
  EXPECT_TRUE(s.shape.empty());
  EXPECT_EQ(s.values, (std::vector<double>{7}));
  const Array e = readGgufTensor(f, "empty");
  EXPECT_EQ(e.shape, (std::vector<std::int64_t>{3, 0}));
  EXPECT_TRUE(e.values.empty());
  EXPECT_EQ(readGgufTensor(f, "after").values, (std::vector<double>{8}));
}

}  // namespace
}  // namespace posenc
