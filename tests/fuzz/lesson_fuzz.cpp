// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes readLesson, the reader behind the lesson panel's "Open lesson file..." and the
// built-in lessons (readLessonFile reads at most kMaxLessonBytes of a file and hands the bytes
// to readLesson, so the bytes path is the whole reader).
//
// Input: the file's bytes. Beyond "no crash" (readLesson throws ReadError and nothing else: any
// other exception escapes and stops the fuzzer), a refusal must carry a one-line reason, and an
// accepted lesson must be a fixed point of the writer: writeLesson's bytes read back to the
// same lesson, and writing that again gives the same bytes (a lesson a teacher opens can be
// saved without losing anything).
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
  using posenc::ui::Lesson;
  using posenc::ui::ReadError;
  const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
  Lesson lesson;
  try {
    lesson = posenc::ui::readLesson(bytes);
  } catch (const ReadError& e) {
    const std::string reason = e.what();
    if (reason.empty()) violated("refused without a reason", "");
    if (reason.find('\n') != std::string::npos) violated("reason spans lines", reason);
    return 0;
  }
  const QByteArray written = posenc::ui::writeLesson(lesson);
  Lesson back;
  try {
    back = posenc::ui::readLesson(written);
  } catch (const ReadError& e) {
    violated("a written lesson cannot be read",
             std::string(e.what()) + "\n" + written.toStdString());
  }
  if (!(back == lesson)) violated("a written lesson reads back differently", written.toStdString());
  if (posenc::ui::writeLesson(back) != written)
    violated("writing a read-back lesson changes the bytes", written.toStdString());
  return 0;
}
