// SPDX-License-Identifier: GPL-3.0-or-later
// Failed writes of `posenc export`: a read-only folder, a full disk, a device as the target,
// a full standard output. Each is a clear error (exit status 1, "cannot write PATH: reason")
// and leaves an existing file as it was, with no temporary left behind.
//
// Tests run as root in CI, and root writes into read-only folders. Two ways around that:
// the child drops CAP_DAC_OVERRIDE (and its kin) from its capability bounding set before
// exec, so the kernel applies the folder's permission bits to it as to anyone; and a full
// disk is a small tmpfs mounted in a private mount namespace of the child (gone with it).
// Where the machine allows neither, the test says so and is skipped.
#include <linux/capability.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/posenc_cli.hpp"

namespace posenc {
namespace {

namespace fs = std::filesystem;
using test::Outcome;
using test::posenc;
using test::Process;
using test::slurp;
using test::writeText;

constexpr int kCannotDrop = 90;
constexpr int kCannotMount = 91;

/// In the child: give up the capabilities that let root ignore file permissions. Needs no
/// privilege when not root (there is nothing to give up).
int dropFileCapabilities() {
  if (::geteuid() != 0) return 0;
  for (const int cap : {CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER})
    if (::prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0) return kCannotDrop;
  return 0;
}

class FileSafety : public test::TempDirTest {
 protected:
  static std::vector<std::string> exportTo(const fs::path& out,
                                           const std::string& size = "400x300") {
    return {"export", "--scheme", "alibi", "--set", "length=64", "--view",
            "bias",   "--size",   size,    "--out", out.string()};
  }
  static std::size_t entries(const fs::path& dir) {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
    return n;
  }
};

TEST_F(FileSafety, ReadOnlyFolderIsAClearErrorAndKeepsTheFile) {
  const fs::path ro = m_dir / "ro";
  fs::create_directories(ro);
  for (const char* name : {"keep.png", "keep.svg", "keep.pdf", "keep.csv", "keep.npy", "keep.json"})
    writeText(ro / name, "old");
  fs::permissions(ro, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                          fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
  // Can this machine make a folder read-only for a child at all?
  Process probe{{"/bin/sh", "-c", "echo x > \"$0\"/probe", ro.string()},
                {},
                {},
                dropFileCapabilities};
  const Outcome p = test::run(probe);
  if (p.status == kCannotDrop) GTEST_SKIP() << "cannot drop CAP_DAC_OVERRIDE here (no CAP_SETPCAP)";
  if (p.status == 0)
    GTEST_SKIP() << "a read-only folder is writable here even without CAP_DAC_OVERRIDE";

  for (const char* name :
       {"keep.png", "keep.svg", "keep.pdf", "keep.csv", "keep.npy", "keep.json"}) {
    SCOPED_TRACE(name);
    Process write = posenc(exportTo(ro / name));
    write.setUp = dropFileCapabilities;
    const Outcome r = test::run(write);
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_EQ(r.err, "posenc: cannot write " + (ro / name).string() + ": Permission denied\n");
    EXPECT_EQ(slurp(ro / name), "old");
  }
  EXPECT_EQ(entries(ro), 6u) << "no temporary left";
}

/// A shell script run in a child that has a `kib` KiB tmpfs mounted on `dir` in its own mount
/// namespace: it writes "old" to each keep file, runs `posenc`, then prints the exit status,
/// the keep files and the folder listing, which the parent cannot see.
Process onSmallDisk(const fs::path& dir, int kib, const std::vector<std::string>& posencArgs) {
  std::string script =
      "d=\"$1\"; shift; for f in keep.csv keep.png keep.json; do printf old > \"$d/$f\"; done; "
      "\"$@\"; echo \"status=$?\"; for f in keep.csv keep.png keep.json; do printf '%s=' $f; cat "
      "\"$d/$f\"; echo; done; "
      "ls -A \"$d\" | tr '\\n' ' '";
  std::vector<std::string> argv = {"/bin/sh", "-c", script, "sh", dir.string(), POSENC_EXE};
  argv.insert(argv.end(), posencArgs.begin(), posencArgs.end());
  const std::string target = dir.string();
  const std::string options = "size=" + std::to_string(kib) + "k";
  return {argv, {}, {}, [target, options] {
            if (::unshare(CLONE_NEWNS) != 0) return kCannotMount;
            if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
              return kCannotMount;
            if (::mount("tmpfs", target.c_str(), "tmpfs", 0, options.c_str()) != 0)
              return kCannotMount;
            return 0;
          }};
}

TEST_F(FileSafety, FullDiskIsAClearErrorAndKeepsTheFile) {
  const fs::path disk = m_dir / "disk";
  fs::create_directories(disk);
  struct Case {
    std::string file;
    std::vector<std::string> args;
  };
  // A 2000 x 2000 CSV is about 80 MB, a 4000 x 4000 PNG hundreds of KB: neither fits in the
  // 64 KiB disk (the three kept files take a 4 KiB page each).
  const std::vector<Case> cases = {
      {"keep.csv",
       {"export", "--scheme", "alibi", "--set", "length=2000", "--view", "bias", "--out",
        (disk / "keep.csv").string()}},
      {"keep.json",
       {"export", "--scheme", "alibi", "--set", "length=2000", "--view", "bias", "--out",
        (disk / "keep.json").string()}},
      {"keep.png",
       {"export", "--scheme", "alibi", "--set", "length=4000", "--view", "bias", "--size",
        "4000x4000", "--out", (disk / "keep.png").string()}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.file);
    const Outcome r = test::run(onSmallDisk(disk, 64, c.args), 120);
    if (r.status == kCannotMount)
      GTEST_SKIP() << "cannot mount a tmpfs in a private namespace here";
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("status=1\n"), std::string::npos) << r.out << r.err;
    EXPECT_NE(r.err.find("posenc: cannot write " + (disk / c.file).string() +
                         ": No space left on device\n"),
              std::string::npos)
        << r.err;
    for (const char* keep : {"keep.csv", "keep.png", "keep.json"})
      EXPECT_NE(r.out.find(std::string(keep) + "=old\n"), std::string::npos) << r.out;
    const std::string listing = "keep.csv keep.json keep.png ";
    EXPECT_EQ(r.out.substr(r.out.size() - std::min(r.out.size(), listing.size())), listing)
        << "only the kept files, no temporary: " << r.out;
  }
}

TEST_F(FileSafety, ADeviceTargetIsWrittenInPlaceNotReplaced) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  // Renaming a temporary over a link to /dev/full would, as root, replace the device node
  // with a plain file; it must be written in place, which fails: the disk is "full".
  for (const char* name : {"full.csv", "full.npy", "full.png", "full.svg"}) {
    SCOPED_TRACE(name);
    fs::create_symlink("/dev/full", m_dir / name);
    const Outcome r = test::run(posenc(exportTo(m_dir / name)));
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_EQ(r.err,
              "posenc: cannot write " + (m_dir / name).string() + ": No space left on device\n");
    EXPECT_TRUE(fs::is_symlink(m_dir / name));
    struct stat st {};
    ASSERT_EQ(::stat("/dev/full", &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode)) << "/dev/full is still a device";
  }
  EXPECT_EQ(entries(m_dir), 4u) << "no temporary left";
}

TEST_F(FileSafety, AFullStandardOutputIsAnError) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  Process p = posenc(
      {"export", "--scheme", "alibi", "--set", "length=300", "--view", "bias", "--out", "-"});
  p.stdoutPath = "/dev/full";
  const Outcome r = test::run(p);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.err, "posenc: cannot write standard output: No space left on device\n");
}

TEST_F(FileSafety, ALinkedTargetIsReplacedThroughTheLink) {
  fs::create_directories(m_dir / "real");
  writeText(m_dir / "real" / "numbers.csv", "old");
  fs::permissions(m_dir / "real" / "numbers.csv", fs::perms::owner_read | fs::perms::owner_write);
  fs::create_symlink(m_dir / "real" / "numbers.csv", m_dir / "link.csv");
  const Outcome r = test::run(posenc(exportTo(m_dir / "link.csv")));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(m_dir / "link.csv")) << "the link is kept";
  const std::string numbers = slurp(m_dir / "real" / "numbers.csv");
  EXPECT_EQ(std::count(numbers.begin(), numbers.end(), '\n'), 64);
  EXPECT_EQ(fs::status(m_dir / "real" / "numbers.csv").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write)
      << "a replaced file keeps its permissions";
  EXPECT_EQ(entries(m_dir / "real"), 1u);
}

}  // namespace
}  // namespace posenc
