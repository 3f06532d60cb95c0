# posenc_precompile_headers(<target> <headers...>): the target's sources get these headers
# precompiled (target_precompile_headers) when POSENC_PCH is on. Only for third-party and
# standard headers that most of the target's sources parse anyway: an edit of ours never
# rebuilds them, and every source still includes what it uses (a build with POSENC_PCH=OFF,
# as scripts/lint.sh configures, says so). Precompiled headers change what GCC 12 inlines at
# -O3, and with it its false -Wstringop-overflow / -Warray-bounds on std::string: two ui tests
# are compiled without them (tests/CMakeLists.txt), and posenc_core_tests has none (it would
# fail in tests/support/tiny_model.hpp for about 1 s saved a source).
#
# On by default, off by default when the compiler launcher is ccache: ccache cannot cache a
# source compiled with a precompiled header unless its sloppiness allows it (with
# CCACHE_SLOPPINESS=pch_defines,time_macros, -DPOSENC_PCH=ON is cached as well).
if(CMAKE_CXX_COMPILER_LAUNCHER MATCHES "ccache" OR "$ENV{CMAKE_CXX_COMPILER_LAUNCHER}" MATCHES "ccache")
  set(posenc_pch_default OFF)
else()
  set(posenc_pch_default ON)
endif()
option(POSENC_PCH "Precompile the big third-party headers of the ui library and the tests"
       ${posenc_pch_default})

function(posenc_precompile_headers target)
  if(POSENC_PCH)
    target_precompile_headers(${target} PRIVATE ${ARGN})
  endif()
endfunction()
