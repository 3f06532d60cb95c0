// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes readSession, the reader behind File > Open, `posenc SESSION.json`, `--session FILE`
// and the built-in presets (loadSessionFile reads at most 16 MiB of a file and hands the bytes
// to readSession, so the bytes path is the whole reader).
//
// Input: the file's bytes. Beyond "no crash", a refusal must be a ReadError with a one-line
// reason, and an accepted session must be a fixed point of the writer: writeSession accepts
// it, the written bytes read back to the same session, and writing that again gives the same
// bytes (a session that opens can always be saved, and saving loses nothing).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <QByteArray>

#include "posenc_ui/io/session_io.h"

namespace {

using posenc::ui::ReadError;
using posenc::ui::Session;

[[noreturn]] void violated(const char* what, const std::string& detail) {
  std::fprintf(stderr, "session_fuzz: invariant violated: %s\n  %s\n", what, detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
  Session session;
  try {
    session = posenc::ui::readSession(bytes);
  } catch (const ReadError& e) {
    const std::string_view reason = e.what();
    if (reason.empty()) violated("ReadError without a reason", "");
    if (reason.find('\n') != std::string_view::npos) violated("reason spans lines", e.what());
    return 0;
  }

  QByteArray written;
  try {
    written = posenc::ui::writeSession(session);
  } catch (const ReadError& e) {
    violated("an accepted session cannot be written", e.what());
  }
  Session back;
  try {
    back = posenc::ui::readSession(written);
  } catch (const ReadError& e) {
    violated("a written session cannot be read",
             std::string(e.what()) + "\n" + written.toStdString());
  }
  if (!(back == session))
    violated("a written session reads back differently", written.toStdString());
  if (posenc::ui::writeSession(back) != written)
    violated("writing a read-back session changes the bytes", written.toStdString());
  return 0;
}
