// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes readLesson, the reader behind the lesson panel's "Open lesson file..." and the
// built-in lessons (readLessonFile reads at most kMaxLessonBytes of a file and hands the bytes
// to readLesson, so the bytes path is the whole reader).
//
// Input: the file's bytes. Beyond "no crash" (readLesson is noexcept: an escaping exception
// terminates), a refusal must carry a one-line reason, and an accepted lesson must be a fixed
// point of the writer: writeLesson's bytes read back to the same lesson, and writing that
// again gives the same bytes (a lesson a teacher opens can be saved without losing anything).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <QByteArray>

#include "posenc_ui/io/lesson.h"

namespace {

[[noreturn]] void violated(const char* what, const std::string& detail) {
  std::fprintf(stderr, "lesson_fuzz: invariant violated: %s\n  %s\n", what, detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
  const posenc::ui::LessonReadResult read = posenc::ui::readLesson(bytes);
  if (!read) {
    if (read.error.isEmpty()) violated("refused without a reason", "");
    if (read.error.contains(QLatin1Char('\n'))) violated("reason spans lines", read.error.toStdString());
    return 0;
  }
  const QByteArray written = posenc::ui::writeLesson(*read.lesson);
  const posenc::ui::LessonReadResult back = posenc::ui::readLesson(written);
  if (!back)
    violated("a written lesson cannot be read", back.error.toStdString() + "\n" + written.toStdString());
  if (!(*back.lesson == *read.lesson)) violated("a written lesson reads back differently", written.toStdString());
  if (posenc::ui::writeLesson(*back.lesson) != written)
    violated("writing a read-back lesson changes the bytes", written.toStdString());
  return 0;
}
