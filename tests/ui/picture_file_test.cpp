// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of posenc_ui/plot/picture_file.h: the files savePicture writes.
#include "posenc_ui/plot/picture_file.h"

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QSet>
#include <QTemporaryDir>
#include <cmath>

#if defined(__unix__)
#include <unistd.h>
#endif

#include "plot_test_support.h"
#include "posenc_ui/plot/draw_matrix.h"

namespace {

using namespace plot_test;  // NOLINT(google-build-using-namespace): the shared test helpers

// ---- savePicture ----------------------------------------------------------------------------

class SavePicture : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(m_dir.isValid());
    const auto r = makeMatrix(iota(0, 24), iota(0, 24), [](Index i, Index j) {
      return j > i ? kNaN : std::cos(double(i - j) / 5.0);
    });
    ui::drawMatrix(m_plot, matrixView(true), r);
  }
  QString path(const QString& name) const { return m_dir.filePath(name); }

  QTemporaryDir m_dir;
  QCustomPlot m_plot;
};

TEST_F(SavePicture, PngHasTheRequestedPixelSizeAndIsNotBlank) {
  const QString file = path("m.png");
  ASSERT_EQ(savedPicture(m_plot, file, QSize(400, 300), 192.0), QString());
  QImage image;
  ASSERT_TRUE(image.load(file, "PNG"));
  EXPECT_EQ(image.size(), QSize(800, 600));
  QSet<QRgb> colours;
  for (int y = 0; y < image.height(); y += 3)
    for (int x = 0; x < image.width(); x += 3) colours.insert(image.pixel(x, y));
  EXPECT_GT(colours.size(), 50);
  EXPECT_NEAR(image.dotsPerMeterX() * 0.0254, 192.0, 0.5);

  ASSERT_EQ(savedPicture(m_plot, file, QSize(500, 400)), QString());
  ASSERT_TRUE(image.load(file, "PNG"));
  EXPECT_EQ(image.size(), QSize(500, 400));
}

TEST_F(SavePicture, SuffixIsCaseInsensitive) {
  const QString file = path("m.PNG");
  ASSERT_EQ(savedPicture(m_plot, file, QSize(200, 150)), QString());
  EXPECT_TRUE(QImage(file).size() == QSize(200, 150));
}

TEST_F(SavePicture, SvgIsAnSvgDocument) {
  const QString file = path("m.svg");
  ASSERT_EQ(savedPicture(m_plot, file, QSize(600, 450)), QString());
  const QByteArray bytes = readAll(file);
  EXPECT_TRUE(bytes.startsWith("<?xml") || bytes.startsWith("<svg"));
  EXPECT_TRUE(bytes.contains("<svg"));
  EXPECT_TRUE(bytes.contains("viewBox=\"0 0 600 450\""));
  EXPECT_TRUE(bytes.contains("Attention bias"));
}

TEST_F(SavePicture, PdfIsAPdfDocument) {
  const QString file = path("m.pdf");
  ASSERT_EQ(savedPicture(m_plot, file, QSize(600, 450)), QString());
  const QByteArray bytes = readAll(file);
  EXPECT_TRUE(bytes.startsWith("%PDF"));
  EXPECT_TRUE(bytes.contains("%%EOF"));
  EXPECT_TRUE(bytes.contains("FontFile"));  // fonts are embedded
}

TEST_F(SavePicture, UnknownSuffixIsRefused) {
  const QString file = path("m.xyz");
  EXPECT_EQ(savedPicture(m_plot, file, QSize(200, 150)),
            file + ": unknown picture format 'xyz' (use .png, .svg or .pdf)");
  EXPECT_FALSE(QFile::exists(file));
  EXPECT_TRUE(
      savedPicture(m_plot, path("noext"), QSize(200, 150)).contains("unknown picture format"));
}

TEST_F(SavePicture, BadSizeIsRefusedAndExistingFileKept) {
  const QString file = path("keep.png");
  writeText(file, "old contents");
  EXPECT_FALSE(savedPicture(m_plot, file, QSize(0, 100)).isEmpty());
  EXPECT_FALSE(savedPicture(m_plot, file, QSize(100, 100), 0.0).isEmpty());
  EXPECT_FALSE(savedPicture(m_plot, file, QSize(100000, 100)).isEmpty());
  EXPECT_EQ(readAll(file), QByteArray("old contents"));
}

TEST_F(SavePicture, PathUnderARegularFileIsReported) {
  const QString notADir = path("x");
  writeText(notADir, "a file, not a folder");
  const QString file = notADir + "/file.png";
  const QString error = savedPicture(m_plot, file, QSize(200, 150));
  EXPECT_TRUE(error.startsWith("cannot write " + file + ": ")) << error.toStdString();
  EXPECT_EQ(readAll(notADir), QByteArray("a file, not a folder"));
  EXPECT_TRUE(
      savedPicture(m_plot, path("no/such/dir/m.svg"), QSize(200, 150)).startsWith("cannot write "));
}

// Read-only folders and full disks: tests/ui/file_safety_test.cpp (works as root too).

TEST_F(SavePicture, ReplacesAnExistingFileAndLeavesNoTemporaries) {
  const QString file = path("m.svg");
  writeText(file, "old contents");
  ASSERT_EQ(savedPicture(m_plot, file, QSize(300, 200)), QString());
  EXPECT_TRUE(readAll(file).contains("<svg"));
  EXPECT_EQ(QDir(m_dir.path()).entryList(QDir::Files), QStringList({"m.svg"}));
}

TEST_F(SavePicture, LaysOutForTheExportSize) {
  // A small picture and a large one both keep the axis rect inside the picture.
  for (const QSize size : {QSize(320, 240), QSize(1600, 1200)}) {
    ASSERT_EQ(savedPicture(m_plot, path("s.png"), size), QString());
    EXPECT_EQ(QImage(path("s.png")).size(), size);
  }
}

}  // namespace
