# SPDX-License-Identifier: GPL-3.0-or-later
# cmake/posenc_git_revision.cmake on three trees (ctest Version.GitRevision):
#   cmake -DSCRIPT=.../posenc_git_revision.cmake -DGIT=/usr/bin/git -DWORK=DIR -P this
# no .git: an empty revision; a fresh commit: its 7-digit hash; a changed tracked file: the
# hash with -dirty; and an unchanged revision leaves the header's time stamp alone (so a
# rebuild recompiles nothing).
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/tree")
set(header "${WORK}/rev.h")

function(revision out)
  execute_process(COMMAND "${CMAKE_COMMAND}" -DSOURCE_DIR=${WORK}/tree -DOUTPUT=${header}
    -DGIT=${GIT} -P "${SCRIPT}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the script failed (${rc})")
  endif()
  file(STRINGS "${header}" line REGEX "#define POSENC_GIT_REVISION")
  string(REGEX REPLACE ".*\"(.*)\".*" "\\1" value "${line}")
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

function(git)
  execute_process(COMMAND "${GIT}" -C "${WORK}/tree" -c user.name=t -c user.email=t@t ${ARGN}
    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "git ${ARGN} failed: ${err}")
  endif()
endfunction()

revision(plain)
if(NOT plain STREQUAL "")
  message(FATAL_ERROR "no .git: expected no revision, got '${plain}'")
endif()

git(init -q)
file(WRITE "${WORK}/tree/a.txt" "one\n")
git(add a.txt)
git(commit -q -m one)
execute_process(COMMAND "${GIT}" -C "${WORK}/tree" rev-parse --short=7 HEAD
  OUTPUT_VARIABLE hash OUTPUT_STRIP_TRAILING_WHITESPACE)
file(WRITE "${WORK}/tree/untracked.txt" "not counted\n")
revision(clean)
if(NOT clean STREQUAL hash OR NOT clean MATCHES "^[0-9a-f]+$")
  message(FATAL_ERROR "a clean checkout: expected '${hash}', got '${clean}'")
endif()

file(TIMESTAMP "${header}" before "%s")
execute_process(COMMAND "${CMAKE_COMMAND}" -E sleep 1.1)
revision(again)
file(TIMESTAMP "${header}" after "%s")
if(NOT before STREQUAL after)
  message(FATAL_ERROR "the header was rewritten though the revision did not change")
endif()

file(WRITE "${WORK}/tree/a.txt" "two\n")
revision(dirty)
if(NOT dirty STREQUAL "${hash}-dirty")
  message(FATAL_ERROR "a changed tracked file: expected '${hash}-dirty', got '${dirty}'")
endif()
file(REMOVE_RECURSE "${WORK}")
message(STATUS "no .git: '', clean: '${clean}', changed: '${dirty}'")
