// SPDX-License-Identifier: GPL-3.0-or-later
// Writes that fail (a read-only folder, a full disk) and files that cannot be opened (cut
// short, from a newer version, not a session at all), seen from the window and its writers:
// each is a clear one-line error, an existing file stays as it was, no temporary is left,
// and the window's session stays exactly as it was.
//
// CI runs tests as root, and root writes into read-only folders. This thread therefore gives
// up CAP_DAC_OVERRIDE (and its kin) while a folder is meant to be read-only, and takes it
// back after: the kernel then applies the folder's permission bits to it as to anyone. A full
// disk is a 64 KiB tmpfs mounted in a mount namespace of this thread alone. Where the machine
// allows neither, the test says so and is skipped.
#include <linux/capability.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <gtest/gtest.h>
#include <optional>
#include <qcustomplot.h>

#include "plot_test_support.h"
#include "posenc/io/data_io.hpp"
#include "posenc_ui/io/session_io.h"
#include "posenc_ui/plot/draw_matrix.h"
#include "posenc_ui/plot/picture_file.h"
#include "posenc_ui/window/main_window.h"
#include "support/ui_values.hpp"

namespace posenc::ui {
namespace {

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(unreadable)");
}

void writeBytes(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  ASSERT_EQ(f.write(bytes), bytes.size());
}

QStringList entries(const QString& dir) {
  return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                             QDir::Name);
}

/// While alive, this thread obeys file permissions even as root: the capabilities that
/// override them are out of its effective set (its permitted set keeps them, so they come
/// back on destruction). Without them there is nothing to give up.
class ObeyPermissions {
 public:
  ObeyPermissions() {
    m_header.version = _LINUX_CAPABILITY_VERSION_3;
    m_header.pid = 0;  // this thread
    if (::syscall(SYS_capget, &m_header, m_saved) != 0) return;
    __user_cap_data_struct lowered[2] = {m_saved[0], m_saved[1]};
    for (const int cap : {CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER})
      lowered[cap / 32].effective &= ~(1u << (cap % 32));
    m_ok = ::syscall(SYS_capset, &m_header, lowered) == 0;
  }
  ~ObeyPermissions() {
    if (m_ok) ::syscall(SYS_capset, &m_header, m_saved);
  }
  ObeyPermissions(const ObeyPermissions&) = delete;
  ObeyPermissions& operator=(const ObeyPermissions&) = delete;

 private:
  __user_cap_header_struct m_header{};
  __user_cap_data_struct m_saved[2]{};
  bool m_ok = false;
};

/// A folder holding `files` (each "old"), made read-only for as long as this lives.
class ReadOnlyFolder {
 public:
  ReadOnlyFolder(const QString& path, const QStringList& files) : m_path(path) {
    QDir().mkpath(path);
    for (const QString& f : files) writeBytes(path + "/" + f, "old");
    QFile::setPermissions(path, QFile::ReadOwner | QFile::ExeOwner | QFile::ReadGroup |
                                    QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther);
    m_obey.emplace();
    QFile probe(path + "/probe");
    m_works = !probe.open(QIODevice::WriteOnly);
  }
  ~ReadOnlyFolder() {
    m_obey.reset();
    QFile::remove(m_path + "/probe");
    QFile::setPermissions(m_path, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  }
  /// False when this machine lets the thread write into it anyway (then skip).
  [[nodiscard]] bool works() const { return m_works; }

 private:
  QString m_path;
  std::optional<ObeyPermissions> m_obey;
  bool m_works = false;
};

/// A tmpfs of `kib` KiB mounted on `path` for this thread only (a private mount namespace,
/// unmounted on destruction); works() is false where that is not allowed.
class SmallDisk {
 public:
  SmallDisk(const QString& path, int kib) : m_path(QFile::encodeName(path).toStdString()) {
    QDir().mkpath(path);
    const std::string options = "size=" + std::to_string(kib) + "k";
    m_works = ::unshare(CLONE_NEWNS) == 0 &&
              ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) == 0 &&
              ::mount("tmpfs", m_path.c_str(), "tmpfs", 0, options.c_str()) == 0;
  }
  ~SmallDisk() {
    if (m_works) ::umount2(m_path.c_str(), MNT_DETACH);
  }
  [[nodiscard]] bool works() const { return m_works; }

 private:
  std::string m_path;
  bool m_works = false;
};

/// A session of `scheme` showing its first view.
Session session(const std::string& scheme, const test::Sets& sets) {
  return test::session(scheme, sets, findScheme(scheme).info().views.front().id);
}

class FileSafety : public ::testing::Test {
 protected:
  void SetUp() override {
    QSettings().clear();
    ASSERT_TRUE(m_dir.isValid());
  }
  QString path(const QString& name) const { return m_dir.filePath(name); }

  /// A window showing an edited TUPE session, as a user would have it open.
  std::unique_ptr<MainWindow> window() {
    auto w = std::make_unique<MainWindow>();
    w->resize(1000, 700);
    w->show();
    w->applySession(session("tupe", {{"length", "48"}, {"heads", "8"}, {"head", "5"}}));
    w->setLayoutMode(QStringLiteral("grid2"));
    w->setColormap(QStringLiteral("magma"));
    return w;
  }

  QTemporaryDir m_dir;
};

/// A plot with something in it, for picture writers.
void drawSomething(QCustomPlot& plot) {
  const Scheme& s = findScheme("alibi");
  const ParamSet p = makeParams(s, {{"length", "32"}});
  drawMatrix(plot, findView(s, "bias"), computeMatrix(s, p, "bias"));
}

// Replaces SavePicture.ReadOnlyFolderLeavesExistingFileIntact, which root skipped.
TEST_F(FileSafety, PicturesIntoAReadOnlyFolderFailClearlyAndKeepTheFiles) {
  QCustomPlot plot;
  plot.resize(300, 200);
  drawSomething(plot);
  const QString dir = path("ro");
  const QStringList names = {"m.png", "m.svg", "m.pdf"};
  ReadOnlyFolder ro(dir, names);
  if (!ro.works()) GTEST_SKIP() << "a read-only folder is writable here";
  for (const QString& name : names) {
    const QString file = dir + "/" + name;
    EXPECT_EQ(plot_test::savedPicture(plot, file, QSize(300, 200)),
              "cannot write " + file + ": Permission denied");
    EXPECT_EQ(readAll(file), "old");
  }
  EXPECT_EQ(entries(dir), QStringList({"m.pdf", "m.png", "m.svg"})) << "no temporary left";
}

TEST_F(FileSafety, SessionIntoAReadOnlyFolderFailsClearlyAndKeepsTheFile) {
  const QString dir = path("ro");
  ReadOnlyFolder ro(dir, {"s.json"});
  if (!ro.works()) GTEST_SKIP() << "a read-only folder is writable here";
  try {
    saveSessionFile(dir + "/s.json", session("rope", {}));
    ADD_FAILURE() << "saved into a read-only folder";
  } catch (const IoError& e) {
    EXPECT_EQ(std::string(e.what()),
              "cannot write " + (dir + "/s.json").toStdString() + ": Permission denied");
  }
  EXPECT_EQ(readAll(dir + "/s.json"), "old");
  EXPECT_EQ(entries(dir), QStringList({"s.json"}));
}

TEST_F(FileSafety, TheWindowSavingOrExportingIntoAReadOnlyFolderChangesNothing) {
  auto w = window();
  const Session before = w->currentSession();
  const QString title = w->windowTitle();
  const bool clean = w->undoStack().isClean();
  const QString dir = path("ro");
  ReadOnlyFolder ro(dir, {"s.json", "v.png", "v.csv"});
  if (!ro.works()) GTEST_SKIP() << "a read-only folder is writable here";
  QString error;
  EXPECT_FALSE(w->saveSession(dir + "/s.json", &error));
  EXPECT_EQ(error, "cannot write " + dir + "/s.json: Permission denied");
  for (const char* name : {"v.png", "v.csv"}) {
    error.clear();
    EXPECT_FALSE(w->exportCurrentView(dir + "/" + name, QSize(400, 300), 96, &error)) << name;
    EXPECT_EQ(error, "cannot write " + dir + "/" + name + ": Permission denied");
    EXPECT_EQ(readAll(dir + "/" + name), "old");
  }
  EXPECT_EQ(readAll(dir + "/s.json"), "old");
  EXPECT_EQ(w->currentSession(), before);
  EXPECT_EQ(w->windowTitle(), title) << "still the same (unsaved) session";
  EXPECT_EQ(w->undoStack().isClean(), clean);
}

TEST_F(FileSafety, AFullDiskFailsClearlyAndKeepsTheFiles) {
  const QString dir = path("disk");
  SmallDisk disk(dir, 64);
  if (!disk.works()) GTEST_SKIP() << "cannot mount a tmpfs in a private namespace here";
  for (const char* name : {"s.json", "v.png", "v.pdf", "v.csv", "v.json"})
    writeBytes(dir + "/" + name, "old");
  auto w = window();
  w->applySession(session("tupe", {{"length", "400"}}));
  const Session before = w->currentSession();
  // Fill the disk with something that is not ours, then save over our files.
  {
    QFile filler(dir + "/filler");
    ASSERT_TRUE(filler.open(QIODevice::WriteOnly));
    const QByteArray block(4096, 'x');
    while (filler.write(block) == block.size() && filler.flush()) {
    }
  }
  QString error;
  EXPECT_FALSE(w->saveSession(dir + "/s.json", &error));
  EXPECT_EQ(error, "cannot write " + dir + "/s.json: No space left on device");
  for (const char* name : {"v.png", "v.pdf", "v.csv", "v.json"}) {
    error.clear();
    EXPECT_FALSE(w->exportCurrentView(dir + "/" + name, QSize(800, 600), 96, &error)) << name;
    EXPECT_EQ(error, "cannot write " + dir + "/" + name + ": No space left on device");
  }
  for (const char* name : {"s.json", "v.png", "v.pdf", "v.csv", "v.json"})
    EXPECT_EQ(readAll(dir + "/" + name), "old") << name;
  EXPECT_EQ(entries(dir), QStringList({"filler", "s.json", "v.csv", "v.json", "v.pdf", "v.png"}))
      << "no temporary left";
  EXPECT_EQ(w->currentSession(), before);
  // Room again: the same writes succeed.
  QFile::remove(dir + "/filler");
  EXPECT_TRUE(w->saveSession(dir + "/s.json", &error)) << error.toStdString();
  EXPECT_EQ(loadSessionFile(dir + "/s.json"), w->currentSession());
}

// The window's settings go through QSettings, which (Qt 6.4, qsettings.cpp, syncConfFile)
// writes its INI file with a QSaveFile and no direct-write fallback unless
// setAtomicSyncRequired(false) is called (we never do), under a QLockFile: a new file is
// renamed over the old one, and a failed write leaves the old one whole. Checked here so that
// a Qt that changes this is noticed.
TEST_F(FileSafety, SettingsAreReplacedAtomically) {
  const QString file = path("settings/posenc.ini");
  QDir().mkpath(path("settings"));
  {
    QSettings s(file, QSettings::IniFormat);
    EXPECT_TRUE(s.isAtomicSyncRequired());
    s.setValue("View/colormap", "magma");
    s.sync();
    ASSERT_EQ(s.status(), QSettings::NoError);
  }
  struct stat first {};
  ASSERT_EQ(::stat(QFile::encodeName(file).constData(), &first), 0);
  {
    QSettings s(file, QSettings::IniFormat);
    s.setValue("View/colormap", "gray");
    s.sync();
    ASSERT_EQ(s.status(), QSettings::NoError);
  }
  struct stat second {};
  ASSERT_EQ(::stat(QFile::encodeName(file).constData(), &second), 0);
  EXPECT_NE(first.st_ino, second.st_ino)
      << "a new file was renamed into place, not the old one rewritten";
  EXPECT_EQ(QSettings(file, QSettings::IniFormat).value("View/colormap").toString(), "gray");

  const QByteArray old = readAll(file);
  {
    ReadOnlyFolder ro(path("settings"), {});
    if (!ro.works()) GTEST_SKIP() << "a read-only folder is writable here";
    QSettings s(file, QSettings::IniFormat);
    s.setValue("View/colormap", "cividis");
    s.sync();
    EXPECT_EQ(s.status(), QSettings::AccessError);
  }
  EXPECT_EQ(readAll(file), old) << "a failed settings write leaves the old file whole";
}

// Opening a file that is not a readable session of this version changes nothing in the
// window: not the scheme, parameters, views, colour map or zoom, not the undo history, not the
// title (which names the open file). #7
TEST_F(FileSafety, BadSessionFilesLeaveTheOpenSessionAsItWas) {
  auto w = window();
  QString error;
  const QString good = path("good.json");
  ASSERT_TRUE(w->saveSession(good, &error)) << error.toStdString();
  w->applySession(
      session("tupe", {{"length", "64"}, {"heads", "2"}, {"head", "1"}}));  // edited since
  const QByteArray saved = readAll(good);
  const Session before = w->currentSession();
  const QString title = w->windowTitle();
  const int undoIndex = w->undoStack().index();

  struct Bad {
    QString name;
    QByteArray bytes;
    std::string reason;
  };
  std::vector<Bad> cases = {
      {"empty.json", "", "not a PosEnc session: JSON error at offset 0"},
      {"future.json",
       R"({"format": "posenc-session", "version": 2, "scheme": "rope", "params": {"length": 64}})",
       "written by a newer PosEnc Explorer (version 2); this one reads up to 1"},
      {"zero.json", R"({"format": "posenc-session", "version": 0, "scheme": "rope"})",
       "version: 0 is not a session version"},
      {"binary.json", QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10", 20),
       "not a PosEnc session: JSON error"},
      {"lesson.json", R"({"format": "posenc-lesson", "version": 1, "scheme": "rope"})",
       "\"format\" is \"posenc-lesson\""},
      {"invalid.json",
       R"({"format": "posenc-session", "version": 1, "scheme": "alibi", "params": {"heads": 4, "head": 4}})",
       "params.head: parameter 'head' = '4': must be less than heads (4)"},
  };
  // Cut short at a few places: inside the header, a key, a number, the view part.
  for (const qsizetype cut : {qsizetype(1), saved.size() / 5, saved.size() / 2, saved.size() - 3})
    cases.push_back({QStringLiteral("cut%1.json").arg(cut), saved.left(cut),
                     "not a PosEnc session: JSON error at offset"});
  for (const Bad& c : cases) {
    SCOPED_TRACE(c.name.toStdString());
    writeBytes(path(c.name), c.bytes);
    error.clear();
    EXPECT_FALSE(w->openSession(path(c.name), &error));
    EXPECT_EQ(error.toStdString().rfind(path(c.name).toStdString() + ": ", 0), 0u)
        << error.toStdString();
    EXPECT_NE(error.toStdString().find(c.reason), std::string::npos) << error.toStdString();
    EXPECT_FALSE(error.contains('\n'));
    EXPECT_EQ(w->currentSession(), before);
    EXPECT_EQ(w->undoStack().index(), undoIndex);
    EXPECT_EQ(w->windowTitle(), title);
  }
  for (const QString& missing : {path("missing.json"), path("")}) {
    error.clear();
    EXPECT_FALSE(w->openSession(missing, &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_EQ(w->currentSession(), before);
  }
  // The good file (version 1, the oldest and current) still opens.
  EXPECT_TRUE(w->openSession(good, &error)) << error.toStdString();
  EXPECT_EQ(w->currentSession().params, loadSessionFile(good).params);
}

}  // namespace
}  // namespace posenc::ui
