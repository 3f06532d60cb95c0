// SPDX-License-Identifier: GPL-3.0-or-later
// Runs programs for the command-line tests: many at once, each with a time limit (killed and
// reported when it passes it), capturing standard output and error, with optional set-up in
// the child before exec (dropping privileges, a private mount) and extra environment, and
// the peak resident memory each one reached (getrusage's ru_maxrss, read with wait4).
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace posenc::test {

/// One program to run.
struct Process {
  std::vector<std::string> argv;                           ///< argv[0] is the program's path.
  std::vector<std::pair<std::string, std::string>> env{};  ///< Set in the child (on top of ours).
  std::string stdoutPath{};  ///< Non-empty: standard output goes to this file (e.g. /dev/full).
  /// Runs in the child after fork, before exec; a non-zero return exits the child with it.
  std::function<int()> setUp{};
  /// Non-zero: the child's address space is limited to this many bytes (RLIMIT_AS), so a
  /// program that starts to allocate without bound fails in it instead of taking the
  /// machine's memory. Not usable under AddressSanitizer (its shadow memory is reserved
  /// address space).
  std::uint64_t addressSpaceLimit = 0;
};

/// How it ended.
struct Outcome {
  int status = -1;        ///< Exit status; 128 + signal if killed by one.
  bool timedOut = false;  ///< Killed for passing the time limit.
  std::string out;
  std::string err;
  double seconds = 0;
  long maxRssKiB = 0;  ///< Peak resident memory of the child, in KiB (ru_maxrss).
  [[nodiscard]] bool crashed() const { return status >= 128 || timedOut; }
};

namespace detail {

inline void drain(int& fd, std::string& into) {
  char buf[4096];
  const ssize_t n = ::read(fd, buf, sizeof buf);
  if (n > 0) {
    if (into.size() < (std::size_t{1} << 24)) into.append(buf, static_cast<std::size_t>(n));
  } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
    ::close(fd);
    fd = -1;
  }
}

}  // namespace detail

/// Runs every process, at most `parallel` at a time, each for at most `timeoutSeconds`.
/// Outcomes are in the order of `processes`.
inline std::vector<Outcome> runAll(const std::vector<Process>& processes, int parallel,
                                   double timeoutSeconds) {
  using Clock = std::chrono::steady_clock;
  struct Running {
    std::size_t index;
    pid_t pid;
    int outFd, errFd;
    Clock::time_point start;
    bool killed = false;
  };
  std::vector<Outcome> outcomes(processes.size());
  std::vector<Running> running;
  std::size_t next = 0;
  const auto launch = [&](std::size_t k) {
    const Process& p = processes[k];
    int out[2], err[2];
    if (::pipe(out) != 0 || ::pipe(err) != 0) std::abort();
    std::vector<char*> argv;
    for (const auto& a : p.argv) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::close(out[0]);
      ::close(err[0]);
      int stdoutFd = out[1];
      if (!p.stdoutPath.empty()) stdoutFd = ::open(p.stdoutPath.c_str(), O_WRONLY);
      const int devNull = ::open("/dev/null", O_RDONLY);
      ::dup2(devNull, 0);
      ::dup2(stdoutFd, 1);
      ::dup2(err[1], 2);
      for (const auto& [key, value] : p.env) ::setenv(key.c_str(), value.c_str(), 1);
      if (p.addressSpaceLimit != 0) {
        const rlimit limit{p.addressSpaceLimit, p.addressSpaceLimit};
        if (::setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(126);
      }
      if (p.setUp) {
        if (const int rc = p.setUp()) ::_exit(rc);
      }
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    ::close(out[1]);
    ::close(err[1]);
    running.push_back({k, pid, out[0], err[0], Clock::now()});
  };
  while (next < processes.size() || !running.empty()) {
    while (next < processes.size() && static_cast<int>(running.size()) < parallel) launch(next++);
    std::vector<pollfd> fds;
    for (const Running& r : running) {
      if (r.outFd >= 0) fds.push_back({r.outFd, POLLIN, 0});
      if (r.errFd >= 0) fds.push_back({r.errFd, POLLIN, 0});
    }
    if (!fds.empty()) ::poll(fds.data(), fds.size(), 50);
    else ::usleep(5000);
    for (std::size_t i = 0; i < running.size();) {
      Running& r = running[i];
      Outcome& o = outcomes[r.index];
      for (const pollfd& f : fds) {
        if (!(f.revents & (POLLIN | POLLHUP | POLLERR))) continue;
        if (f.fd == r.outFd) detail::drain(r.outFd, o.out);
        else if (f.fd == r.errFd) detail::drain(r.errFd, o.err);
      }
      const double elapsed = std::chrono::duration<double>(Clock::now() - r.start).count();
      if (!r.killed && elapsed > timeoutSeconds) {
        ::kill(r.pid, SIGKILL);
        r.killed = true;
        o.timedOut = true;
      }
      int raw = 0;
      rusage usage{};
      if (r.outFd < 0 && r.errFd < 0 &&
          ::wait4(r.pid, &raw, r.killed ? 0 : WNOHANG, &usage) == r.pid) {
        o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
        o.maxRssKiB = usage.ru_maxrss;
        o.seconds = elapsed;
        running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
        continue;
      }
      if (r.killed && (r.outFd >= 0 || r.errFd >= 0)) {
        // A killed child's own children may hold the pipes open: stop reading them.
        if (r.outFd >= 0) ::close(r.outFd), r.outFd = -1;
        if (r.errFd >= 0) ::close(r.errFd), r.errFd = -1;
      }
      ++i;
    }
  }
  return outcomes;
}

/// Runs one process.
inline Outcome run(const Process& p, double timeoutSeconds = 30) {
  return runAll({p}, 1, timeoutSeconds).front();
}

}  // namespace posenc::test
