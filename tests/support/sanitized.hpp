// SPDX-License-Identifier: GPL-3.0-or-later
// Whether this test binary runs under AddressSanitizer or ThreadSanitizer (the asan and tsan
// presets). GCC defines __SANITIZE_ADDRESS__ / __SANITIZE_THREAD__; clang 14 (the asan build)
// only answers __has_feature. tests/sanitizers/README.md lists what a sanitized run does
// differently and why.
#pragma once

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define POSENC_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define POSENC_TEST_SANITIZED 1
#endif
#endif

namespace posenc::test {

#ifdef POSENC_TEST_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace posenc::test
