# posenc_precompile_headers(<target> <headers...>): the target's sources get these headers
# precompiled (target_precompile_headers) when POSENC_PCH is on. Only for third-party and
# standard headers that most of the target's sources parse anyway: an edit of ours never
# rebuilds them, and every source still includes what it uses. Only a build with
# -DPOSENC_PCH=OFF (ccache's default, below) says so; CI runs none: compiling the core and its
# tests without them in the tsan build cost 200 s of the 40 minutes, and scripts/lint.sh's
# clang-tidy reads a folder's sources as one unit, so it cannot tell either. Precompiled headers change what GCC 12 inlines at
# -O3, and with it come its false -Wstringop-overflow, -Wstringop-overread and -Warray-bounds
# on std::string's small-string copy ("specified bound between 9223372036854775809 and
# 18446744073709551615", "reading 26 bytes from a region of size 24", "offset [40, 41] is out
# of the bounds [0, 40]" of a struct holding a std::string) in a dozen of the core's sources
# that build clean without a precompiled header. A target with precompiled headers is built
# without those three GCC warnings; without them (-DPOSENC_PCH=OFF, or ccache's default) the
# same sources are built with them, and the sanitizer build (clang, ASan + UBSan) checks every
# bound at run time. The core's PCH cut its build from 287 to 215 CPU-seconds. Two ui tests
# are still compiled without the PCH (tests/CMakeLists.txt), as before those flags existed.
#
# On by default, off by default when the compiler launcher is ccache: ccache cannot cache a
# source compiled with a precompiled header unless its sloppiness allows it (with
# CCACHE_SLOPPINESS=pch_defines,time_macros, -DPOSENC_PCH=ON is cached as well).
if(CMAKE_CXX_COMPILER_LAUNCHER MATCHES "ccache" OR "$ENV{CMAKE_CXX_COMPILER_LAUNCHER}" MATCHES "ccache")
  set(posenc_pch_default OFF)
else()
  set(posenc_pch_default ON)
endif()
option(POSENC_PCH "Precompile the big third-party headers of the libraries and the tests"
       ${posenc_pch_default})

function(posenc_precompile_headers target)
  if(POSENC_PCH)
    target_precompile_headers(${target} PRIVATE ${ARGN})
    target_compile_options(${target} PRIVATE
      $<$<CXX_COMPILER_ID:GNU>:-Wno-stringop-overflow -Wno-stringop-overread
      -Wno-array-bounds>)
  endif()
endfunction()
