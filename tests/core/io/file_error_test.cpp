// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 28 item 3, errors as data: a FileError or ModelError carries its sentence as a
// Message (a template and the values of its holes), so the window says it in its own language
// without reading the core's English back. Each error's English (what()) is its message's; the
// templates hold the words, the values only what varies (names, numbers, dtypes).
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "posenc/check/check.hpp"
#include "posenc/io/file_error.hpp"
#include "posenc/io/input_file.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc/tensors/tensor_file.hpp"
#include "posenc/tensors/tensor_ref.hpp"

namespace posenc {
namespace {

namespace fs = std::filesystem;

/// The text values of `m` and of the messages nested in it.
void textArgs(const Message& m, std::vector<std::string>& out) {
  for (const MessageArg& a : m.args()) {
    if (a.kind() == MessageArg::Kind::Text) out.push_back(a.text());
    if (a.kind() == MessageArg::Kind::List)
      out.insert(out.end(), a.items().begin(), a.items().end());
    if (a.kind() == MessageArg::Kind::Nested) textArgs(a.nested(), out);
  }
}

/// The English templates of `m` and of the messages nested in it, outermost first.
void templates(const Message& m, std::vector<std::string>& out) {
  if (m.sentence()) out.emplace_back(m.sentence()->english());
  for (const MessageArg& a : m.args())
    if (a.kind() == MessageArg::Kind::Nested) templates(a.nested(), out);
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += "[" + x + "]";
  return s;
}

/// A template that is nothing but a hole ("%1", "%2: %1", ...): English passed in as a value.
bool onlyHoles(std::string_view t) {
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '%' && i + 1 < t.size() && t[i + 1] >= '1' && t[i + 1] <= '9') {
      ++i;
      continue;
    }
    if (t[i] != ':' && t[i] != ' ') return false;
  }
  return true;
}

/// The FileError `f` throws (fails the test when it throws none).
FileError fileErrorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const FileError& e) {
    return e;
  }
  ADD_FAILURE() << "no FileError";
  return FileError("(none)", Message());
}

/// Checks one FileError: its message is its what(), its reason is a template of its own (not
/// the bare "%1"), the template holds `words`, and no value holds them; `values` are among the
/// values.
void expectData(const FileError& e, const std::string& words,
                const std::vector<std::string>& values) {
  SCOPED_TRACE(e.what());
  EXPECT_EQ(e.message().english(), e.what());
  EXPECT_EQ(e.reasonMessage().english(), e.reason());
  ASSERT_NE(e.reasonMessage().sentence(), nullptr);
  EXPECT_FALSE(onlyHoles(e.reasonMessage().sentence()->english()));
  // The outer sentence: the file's name as a value, then the reason as a nested message.
  ASSERT_EQ(e.message().args().size(), 2U);
  EXPECT_EQ(e.message().args()[0].kind(), MessageArg::Kind::Text);
  EXPECT_EQ(e.message().args()[1].kind(), MessageArg::Kind::Nested);
  std::vector<std::string> sentences;
  templates(e.reasonMessage(), sentences);
  EXPECT_NE(joined(sentences).find(words), std::string::npos) << joined(sentences);
  std::vector<std::string> args;
  textArgs(e.message(), args);
  for (const std::string& a : args) EXPECT_EQ(a.find(words), std::string::npos) << a;
  for (const std::string& v : values)
    EXPECT_NE(std::find(args.begin(), args.end(), v), args.end()) << v << " in " << joined(args);
}

class FileErrors : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = fs::temp_directory_path() / ("posenc_file_error_" + std::to_string(::getpid()));
    fs::remove_all(m_dir);
    fs::create_directories(m_dir);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(m_dir, ec);
  }
  fs::path write(const std::string& name, const std::string& bytes) {
    const fs::path p = m_dir / name;
    std::ofstream(p, std::ios::binary) << bytes;
    return p;
  }
  fs::path m_dir;
};

TEST_F(FileErrors, AFifoIsSaidAsData) {
  const fs::path p = m_dir / "pipe.npy";
  ASSERT_EQ(::mkfifo(p.c_str(), 0600), 0);
  const FileError e = fileErrorOf([&] { (void)readNpy(p); });
  expectData(e, "FIFO", {p.string()});
  EXPECT_EQ(e.file(), p.string());
  EXPECT_EQ(e.reason(), "is a FIFO (named pipe), not a regular file");
}

TEST_F(FileErrors, AFolderIsSaidAsData) {
  fs::create_directories(m_dir / "dir.npy");
  const FileError e = fileErrorOf([&] { (void)readNpy(m_dir / "dir.npy"); });
  expectData(e, "folder", {(m_dir / "dir.npy").string()});
  EXPECT_EQ(e.reason(), "is a folder, not a file");
}

TEST_F(FileErrors, AMissingFileIsSaidAsData) {
  const FileError e = fileErrorOf([&] { (void)readNpy(m_dir / "missing.npy"); });
  expectData(e, "no such file", {(m_dir / "missing.npy").string()});
  EXPECT_EQ(e.reason(), "no such file");
  EXPECT_TRUE(saysNoSuchFile(e.reasonMessage()));
  ASSERT_TRUE(unusableFileReason(m_dir / "missing.npy").has_value());
  EXPECT_TRUE(saysNoSuchFile(*unusableFileReason(m_dir / "missing.npy")));
  EXPECT_FALSE(saysNoSuchFile(*unusableFileReason(m_dir)));
}

TEST_F(FileErrors, ATruncatedNpyIsSaidAsData) {
  // Version 1.0, shape (4,) of float64: 32 bytes of data needed, 8 given.
  const std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }";
  std::string npy = "\x93NUMPY\x01";
  npy += '\0';
  npy += static_cast<char>(header.size());
  npy += '\0';
  const fs::path p = write("cut.npy", npy + header + std::string(8, '\0'));
  const FileError e = fileErrorOf([&] { (void)readNpy(p); });
  expectData(e, "truncated", {p.string(), "(4)", "<f8", "32", "8"});
  EXPECT_EQ(e.reason(), "shape (4) of <f8 needs 32 bytes of data, the file has 8 (truncated?)");
}

TEST_F(FileErrors, ASafetensorsDtypeIsSaidAsData) {
  const std::string header = R"({"wpe.weight":{"dtype":"I64","shape":[1],"data_offsets":[0,8]}})";
  std::string st(8, '\0');
  st[0] = static_cast<char>(header.size());
  const fs::path p = write("model.safetensors", st + header + std::string(8, '\0'));
  const FileError e = fileErrorOf([&] { (void)SafetensorsFile(p).read("wpe.weight"); });
  expectData(e, "float type", {p.string(), "wpe.weight", "I64"});
  EXPECT_EQ(e.reason(),
            "tensor 'wpe.weight': dtype I64 is not a float type (F16, BF16, F32 or F64 can be "
            "read)");
}

TEST_F(FileErrors, AnUnknownModelTypeIsAModelErrorAsData) {
  const fs::path folder = m_dir / "model";
  fs::create_directories(folder);
  std::ofstream(folder / "config.json") << R"({"model_type": "mamba"})";
  try {
    (void)inspectModel(folder.string(), m_dir / "cache");
    ADD_FAILURE() << "no ModelError";
  } catch (const ModelError& e) {
    const MessageError& data = e;
    EXPECT_EQ(data.message().english(), e.what());
    std::vector<std::string> sentences;
    templates(data.message(), sentences);
    EXPECT_NE(joined(sentences).find("is not one we can map"), std::string::npos);
    for (const std::string& t : sentences) EXPECT_FALSE(onlyHoles(t) && t != "%1: %2") << t;
    std::vector<std::string> args;
    textArgs(data.message(), args);
    EXPECT_NE(std::find(args.begin(), args.end(), "mamba"), args.end()) << joined(args);
    EXPECT_NE(std::find(args.begin(), args.end(), (folder / "config.json").string()), args.end())
        << joined(args);
    for (const std::string& a : args) EXPECT_EQ(a.find("map"), std::string::npos) << a;
  }
}

// Over many readers' refusals: no FileError says its reason as English passed into a bare
// "%1" (or any template of holes only), at any depth.
TEST_F(FileErrors, NoSiteBuildsItsReasonFromABareHole) {
  std::vector<std::function<void()>> sites = {
      [&] { (void)readNpy(write("a.npy", "not numpy at all")); },
      [&] {
        (void)readNpy(write("b.npy", std::string("\x93NUMPY\x01\x00\x10\x00", 10) +
                                         "{'descr': '<i8'}      "));
      },
      [&] { (void)SafetensorsFile(write("c.safetensors", "short")); },
      [&] { (void)SafetensorsFile(write("d.safetensors", std::string(8, '\x7f') + "{}")); },
      [&] { (void)parseSafetensorsIndex("{}", m_dir, "index.json"); },
      [&] { (void)parseSafetensorsIndex(R"({"weight_map": {"a": "../x"}})", m_dir, "i.json"); },
      [&] { (void)readNpz(write("e.npz", "not a zip"), "x"); },
      [&] { (void)parseTensorRef(""); },
      [&] { (void)loadTensor(parseTensorRef(write("f.txt", "x").string()), {}); },
      [&] { (void)parseAgainstCsv("1,2\n3\n", "g.csv"); },
      [&] { (void)parseAgainstCsv("1,zz\n", "h.csv"); },
      [&] { (void)parseAgainstJson("[1]", "i.json"); },
      [&] { (void)readAgainst(write("j.unknown", "x").string()); },
      [&] {  // sparse: 65 MiB of nothing, refused by its size before a byte is read
        const fs::path big = write("k.json", "{");
        fs::resize_file(big, std::uintmax_t{65} << 20);
        (void)readSafetensorsIndex(big);
      },
  };
  int seen = 0;
  for (const auto& site : sites) {
    const FileError e = fileErrorOf(site);
    SCOPED_TRACE(e.what());
    EXPECT_EQ(e.message().english(), e.what());
    std::vector<std::string> sentences;
    templates(e.reasonMessage(), sentences);
    ASSERT_FALSE(sentences.empty());
    for (const std::string& t : sentences) EXPECT_FALSE(onlyHoles(t)) << t;
    ++seen;
  }
  EXPECT_EQ(seen, 14);
}

}  // namespace
}  // namespace posenc
