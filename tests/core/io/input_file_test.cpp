// SPDX-License-Identifier: GPL-3.0-or-later
// The one opener of outside files (input_file.hpp) and every reader on it: a FIFO with no
// writer is refused at once (before, open() blocked forever), a file cut short while it is
// read is a FileError that says so (before, a memory-mapped read past the new end was SIGBUS),
// a path that exists but cannot be used is said to be what it is, and an .npz member is
// checked against the memory budget from its header before anything is allocated.
#include "posenc/io/input_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "posenc/base/memory_budget.hpp"
#include "posenc/check/check.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc/tensors/tensor_file.hpp"

namespace posenc {
namespace {

namespace fs = std::filesystem;

const MessageTemplate kATest{"a test", "tests only: what a file is, in 'too large for %2'"};

std::string messageOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no error)";
}

void writeBytes(const fs::path& p, const std::string& bytes) {
  std::ofstream(p, std::ios::binary) << bytes;
}

/// A safetensors file holding one F32 tensor "t" of `count` values 0, 1, 2, ...
std::string safetensorsOf(std::size_t count) {
  const std::string header = R"({"t":{"dtype":"F32","shape":[)" + std::to_string(count) +
                             R"(],"data_offsets":[0,)" + std::to_string(4 * count) + "]}}";
  std::string s(8, '\0');
  for (int k = 0; k < 8; ++k)
    s[static_cast<std::size_t>(k)] = static_cast<char>((header.size() >> (8 * k)) & 0xff);
  s += header;
  for (std::size_t i = 0; i < count; ++i) {
    const float v = static_cast<float>(i);
    char b[4];
    std::memcpy(b, &v, 4);
    s.append(b, 4);
  }
  return s;
}

/// An npy header (format 1.0) of a float64 array of `shape`.
std::string npyHeader(const std::string& shape) {
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + shape + "), }";
  header.append(((10 + header.size() + 1 + 63) / 64) * 64 - 10 - header.size() - 1, ' ');
  header += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  out.push_back(static_cast<char>(header.size() & 0xff));
  out.push_back(static_cast<char>(header.size() >> 8));
  return out + header;
}

std::uint32_t crc32(const std::string& s) {
  std::uint32_t c = 0xffffffffU;
  for (const char ch : s) {
    c ^= static_cast<unsigned char>(ch);
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xedb88320U & (0U - (c & 1U)));
  }
  return ~c;
}

void put(std::string& s, std::uint32_t v, int bytes) {
  for (int k = 0; k < bytes; ++k) s.push_back(static_cast<char>((v >> (8 * k)) & 0xff));
}

/// A zip of one stored member `name` holding `content` (the layout of APPNOTE.TXT 4.3).
std::string storedZip(const std::string& name, const std::string& content) {
  const std::uint32_t crc = crc32(content);
  const auto size = static_cast<std::uint32_t>(content.size());
  std::string z;
  put(z, 0x04034b50, 4);
  put(z, 20, 2);
  put(z, 0, 2);
  put(z, 0, 2);  // stored
  put(z, 0, 4);  // time, date
  put(z, crc, 4);
  put(z, size, 4);
  put(z, size, 4);
  put(z, static_cast<std::uint32_t>(name.size()), 2);
  put(z, 0, 2);
  z += name + content;
  const auto central = static_cast<std::uint32_t>(z.size());
  put(z, 0x02014b50, 4);
  put(z, 20, 2);
  put(z, 20, 2);
  put(z, 0, 2);
  put(z, 0, 2);
  put(z, 0, 4);
  put(z, crc, 4);
  put(z, size, 4);
  put(z, size, 4);
  put(z, static_cast<std::uint32_t>(name.size()), 2);
  put(z, 0, 2);  // extra
  put(z, 0, 2);  // comment
  put(z, 0, 2);  // disk
  put(z, 0, 2);  // internal attributes
  put(z, 0, 4);  // external attributes
  put(z, 0, 4);  // local header offset
  z += name;
  const auto centralSize = static_cast<std::uint32_t>(z.size()) - central;
  put(z, 0x06054b50, 4);
  put(z, 0, 2);
  put(z, 0, 2);
  put(z, 1, 2);
  put(z, 1, 2);
  put(z, centralSize, 4);
  put(z, central, 4);
  put(z, 0, 2);
  return z;
}

class InputFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = fs::temp_directory_path() / ("posenc_input_" + std::to_string(::getpid()));
    fs::remove_all(m_dir);
    fs::create_directories(m_dir);
  }
  void TearDown() override {
    detail::setReadHook({});
    setMemoryBudget(std::nullopt);
    std::error_code ec;
    fs::remove_all(m_dir, ec);
  }
  fs::path fifo(const std::string& name) {
    const fs::path p = m_dir / name;
    EXPECT_EQ(::mkfifo(p.c_str(), 0600), 0);
    return p;
  }
  fs::path m_dir;
};

constexpr const char* kFifo = "is a FIFO (named pipe), not a regular file";

TEST_F(InputFiles, AFifoWithNoWriterIsRefusedAtOnceByEveryReader) {
  // Before: each of these blocked in open() for ever (the test would time out).
  const auto expectFifo = [](const std::string& m, const std::string& name) {
    EXPECT_NE(m.find(name), std::string::npos) << m;
    EXPECT_NE(m.find(kFifo), std::string::npos) << m;
  };
  expectFifo(messageOf([&] { (void)readNpy(fifo("a.npy")); }), "a.npy");
  expectFifo(messageOf([&] { (void)readNpz(fifo("a.npz"), "x"); }), "a.npz");
  expectFifo(messageOf([&] { (void)npzNames(m_dir / "a.npz"); }), "a.npz");
  expectFifo(messageOf([&] { (void)SafetensorsFile(fifo("a.safetensors")); }), "a.safetensors");
  expectFifo(messageOf([&] { (void)readSafetensorsIndex(fifo("i.json")); }), "i.json");
  expectFifo(messageOf([&] { (void)readAgainst(fifo("a.csv").string()); }), "a.csv");
  expectFifo(messageOf([&] { (void)readAgainst(fifo("a.json").string()); }), "a.json");
  expectFifo(messageOf([&] { (void)readWholeFile(fifo("w"), 100, Message(kATest)); }), "w");
  // The config read (inspect's readConfig) through a config.json given as a file.
  fs::create_directories(m_dir / "m");
  ::mkfifo((m_dir / "m" / "config.json").c_str(), 0600);
  expectFifo(messageOf([&] { (void)inspectModel((m_dir / "m").string(), m_dir); }), "config.json");
}

TEST_F(InputFiles, WhatStandsAtAPathIsNamed) {
  fs::create_symlink(m_dir / "loop", m_dir / "loop");
  EXPECT_EQ(messageOf([&] { InputFile f(m_dir / "loop"); }),
            (m_dir / "loop").string() + ": is a symbolic link loop");
  EXPECT_EQ(messageOf([&] { InputFile f(m_dir / "none"); }),
            (m_dir / "none").string() + ": no such file");
  EXPECT_EQ(messageOf([&] { InputFile f(m_dir); }), m_dir.string() + ": is a folder, not a file");
  EXPECT_EQ(messageOf([] { InputFile f("/dev/null"); }),
            "/dev/null: is a character device, not a regular file");
  writeBytes(m_dir / "secret", "x");
  fs::permissions(m_dir / "secret", fs::perms::none);
  if (::geteuid() != 0) {
    EXPECT_EQ(messageOf([&] { InputFile f(m_dir / "secret"); }),
              (m_dir / "secret").string() + ": permission denied");
  }
  EXPECT_EQ(unusableFileReason(m_dir / "loop").value_or(Message()).english(),
            "is a symbolic link loop");
  writeBytes(m_dir / "ok", "abc");
  EXPECT_FALSE(unusableFileReason(m_dir / "ok").has_value());
  EXPECT_EQ(readWholeFile(m_dir / "ok", 3, Message(kATest)), "abc");
  EXPECT_EQ(messageOf([&] { (void)readWholeFile(m_dir / "ok", 2, Message(kATest)); }),
            (m_dir / "ok").string() + ": is 3 bytes: too large for a test (2 bytes at most)");
}

TEST_F(InputFiles, AFileCutShortWhileItIsReadIsAFileErrorNotASignal) {
  writeBytes(m_dir / "f", std::string(100, 'x'));
  const InputFile f(m_dir / "f");
  ASSERT_EQ(f.size(), 100U);
  fs::resize_file(m_dir / "f", 40);
  std::array<std::byte, 100> buffer{};
  EXPECT_EQ(messageOf([&] { f.readAt(0, buffer); }),
            (m_dir / "f").string() +
                ": changed while it was read (it was 100 bytes when opened, now ends at 40)");
  // A safetensors file truncated after its header was read: before, the mapped read of the
  // tensor past the new end killed the process with SIGBUS.
  const std::size_t count = 3 << 20;  // 12 MiB of data: read in more than one chunk
  writeBytes(m_dir / "m.safetensors", safetensorsOf(count));
  const SafetensorsFile st(m_dir / "m.safetensors");
  EXPECT_EQ(st.read("t").values[count - 1], static_cast<double>(count - 1));
  fs::resize_file(m_dir / "m.safetensors", fs::file_size(m_dir / "m.safetensors") - 4096);
  const std::string m = messageOf([&] { (void)st.read("t"); });
  EXPECT_NE(m.find("m.safetensors: changed while it was read (it was "), std::string::npos) << m;
}

TEST_F(InputFiles, TheTestReadHookSeesEveryChunkBeforeItIsReadAndCanCutTheFile) {
  // The seam the window's tests cut checkpoints with (issue 27): called before each read,
  // so a file cut there is cut between two chunks of one reader's work.
  const std::size_t count = 3 << 20;  // 12 MiB of data: two 8 MiB chunks
  const fs::path file = m_dir / "m.safetensors";
  writeBytes(file, safetensorsOf(count));
  const std::uint64_t size = fs::file_size(file);
  std::vector<std::pair<std::uint64_t, std::size_t>> reads;
  detail::setReadHook([&](const std::string& name, std::uint64_t offset, std::size_t bytes) {
    EXPECT_EQ(name, file.string());
    reads.emplace_back(offset, bytes);
  });
  const SafetensorsFile st(file);
  EXPECT_EQ(st.read("t").values[count - 1], static_cast<double>(count - 1));
  const std::uint64_t dataStart = size - 4 * count;
  ASSERT_EQ(reads.size(), 4U);  // the length, the header, then two chunks of data
  EXPECT_EQ(reads[0], (std::pair<std::uint64_t, std::size_t>{0, 8}));
  EXPECT_EQ(reads[1].first + reads[1].second, dataStart);
  EXPECT_EQ(reads[2].first, dataStart);
  EXPECT_EQ(reads[3].first + reads[3].second, size);

  // Cut before the second chunk: the first was read whole, the second finds the end.
  reads.clear();
  detail::setReadHook([&](const std::string&, std::uint64_t offset, std::size_t bytes) {
    reads.emplace_back(offset, bytes);
    if (reads.size() == 2) fs::resize_file(file, offset + 100);
  });
  const std::string message = messageOf([&] { (void)st.read("t"); });
  ASSERT_EQ(reads.size(), 2U);
  EXPECT_EQ(reads[1].first, dataStart + (std::size_t{8} << 20));
  EXPECT_EQ(message, file.string() + ": changed while it was read (it was " + std::to_string(size) +
                         " bytes when opened, now ends at " + std::to_string(reads[1].first + 100) +
                         ")");
  // Removed, it is called no more.
  detail::setReadHook({});
  reads.clear();
  writeBytes(file, safetensorsOf(count));
  EXPECT_EQ(SafetensorsFile(file).read("t").values[count - 1], static_cast<double>(count - 1));
  EXPECT_TRUE(reads.empty());
}

TEST_F(InputFiles, AnNpyIsReadInChunksExactly) {
  // More than one 8 MiB chunk, and a header whose length is not a multiple of 8.
  const std::size_t count = (std::size_t{3} << 20) / 2 + 3;
  std::string bytes = npyHeader(std::to_string(count) + ",");
  for (std::size_t i = 0; i < count; ++i) {
    const double v = static_cast<double>(i) / 4;
    char b[8];
    std::memcpy(b, &v, 8);
    bytes.append(b, 8);
  }
  writeBytes(m_dir / "a.npy", bytes);
  const Array a = readNpy(m_dir / "a.npy");
  ASSERT_EQ(a.values.size(), count);
  for (std::size_t i = 0; i < count; i += 4099) EXPECT_EQ(a.values[i], static_cast<double>(i) / 4);
  EXPECT_EQ(a.values.back(), static_cast<double>(count - 1) / 4);
}

TEST_F(InputFiles, LocateModelSaysWhatAnUnusablePathIs) {
  // Before: "no such file or folder, and not in the Hugging Face cache".
  const fs::path pipe = fifo("pipe");
  EXPECT_EQ(messageOf([&] { (void)locateModel(pipe.string(), m_dir); }),
            pipe.string() + ": " + kFifo);
  fs::create_symlink(m_dir / "loop", m_dir / "loop");
  EXPECT_EQ(messageOf([&] { (void)locateModel((m_dir / "loop").string(), m_dir); }),
            (m_dir / "loop").string() + ": is a symbolic link loop");
  // A folder whose model.safetensors is a FIFO: before, taken as a folder with no
  // checkpoint (the random stand-in drawn).
  fs::create_directories(m_dir / "m");
  writeBytes(m_dir / "m" / "config.json", R"({"model_type": "gpt2", "n_positions": 8})");
  ::mkfifo((m_dir / "m" / "model.safetensors").c_str(), 0600);
  EXPECT_EQ(messageOf([&] { (void)locateModel((m_dir / "m").string(), m_dir); }),
            (m_dir / "m" / "model.safetensors").string() + ": " + kFifo);
  fs::remove(m_dir / "m" / "model.safetensors");
  fs::create_symlink(m_dir / "m" / "model.safetensors", m_dir / "m" / "model.safetensors");
  EXPECT_EQ(messageOf([&] { (void)locateModel((m_dir / "m").string(), m_dir); }),
            (m_dir / "m" / "model.safetensors").string() + ": is a symbolic link loop");
}

TEST_F(InputFiles, AnNpzMemberOverTheBudgetIsRefusedFromItsHeader) {
  // The member holds only a header claiming a 1 GiB float64 array. Before: inflated, then
  // refused as truncated, never against the budget (and a real member was inflated whole).
  setMemoryBudget(MemoryBudget{std::uint64_t{256} << 20, "--memory-budget"});
  writeBytes(m_dir / "big.npz", storedZip("a.npy", npyHeader("16384, 8192")));
  const std::string m = messageOf([&] { (void)readNpz(m_dir / "big.npz", "a"); });
  EXPECT_NE(m.find("big.npz:a"), std::string::npos) << m;
  EXPECT_NE(m.find("budget"), std::string::npos) << m;
  // A member that inflates to more than its header says is refused at the first byte more.
  setMemoryBudget(std::nullopt);
  writeBytes(m_dir / "bomb.npz",
             storedZip("a.npy", npyHeader("4,") + std::string(32 + (1 << 20), '\0')));
  const std::string b = messageOf([&] { (void)readNpz(m_dir / "bomb.npz", "a"); });
  EXPECT_NE(b.find(
                "bomb.npz:a: shape (4) of <f8 needs 32 bytes of data, the file has more than 32"),
            std::string::npos)
      << b;
  // And a consistent one reads back.
  writeBytes(m_dir / "ok.npz", storedZip("a.npy", npyHeader("4,") + std::string(32, '\0')));
  EXPECT_EQ(readNpz(m_dir / "ok.npz", "a").values, std::vector<double>(4, 0.0));
  EXPECT_EQ(npzNames(m_dir / "ok.npz"), std::vector<std::string>{"a"});
}

}  // namespace
}  // namespace posenc
