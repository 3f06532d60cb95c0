# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the manual page and the bash completion from the built program's own help table, at
# build time (app/CMakeLists.txt runs it whenever posenc is relinked):
#   cmake -DPOSENC=.../posenc -DGZIP=/usr/bin/gzip -DMAN_PAGE=.../posenc.1
#         -DCOMPLETION=.../posenc -P this
# MAN_PAGE gets the roff text and MAN_PAGE.gz its gzip -9n copy (no name or time stamp inside,
# so the file is reproducible, as Debian policy and lintian ask); COMPLETION the bash script.
foreach(var POSENC GZIP MAN_PAGE COMPLETION)
  if(NOT ${var})
    message(FATAL_ERROR "posenc_help_files.cmake needs -D${var}=...")
  endif()
endforeach()
# Neither form draws, but a platform plugin must never be looked for on a build machine.
set(ENV{QT_QPA_PLATFORM} offscreen)

function(posenc_write args output)
  execute_process(COMMAND "${POSENC}" help ${args} OUTPUT_FILE "${output}.tmp"
    RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "posenc help ${args} failed (${rc}): ${err}")
  endif()
  file(RENAME "${output}.tmp" "${output}")
endfunction()

foreach(output "${MAN_PAGE}" "${COMPLETION}")
  get_filename_component(dir "${output}" DIRECTORY)
  file(MAKE_DIRECTORY "${dir}")
endforeach()
posenc_write(--man "${MAN_PAGE}")
posenc_write(--bash-completion "${COMPLETION}")
execute_process(COMMAND "${GZIP}" -9n -c "${MAN_PAGE}" OUTPUT_FILE "${MAN_PAGE}.gz.tmp"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip -9n ${MAN_PAGE} failed (${rc})")
endif()
file(RENAME "${MAN_PAGE}.gz.tmp" "${MAN_PAGE}.gz")
