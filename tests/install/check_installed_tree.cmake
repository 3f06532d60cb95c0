# SPDX-License-Identifier: GPL-3.0-or-later
# The ctest Install.Tree: installs the build folder BUILD_DIR with prefix /usr into the empty
# folder WORK_DIR (as DESTDIR, the way a package is staged) and compares the files found there
# with the list LIST (tests/install/installed_files.txt). Fails with every missing and every
# unexpected file named.
#
# cmake -DBUILD_DIR=... -DWORK_DIR=... -DLIST=... -DPYTHON=ON|OFF [-DPYTHON_DIR=lib/...
#       -DPYTHON_EXTENSION=_posenc....so] -P check_installed_tree.cmake
foreach(var IN ITEMS BUILD_DIR WORK_DIR LIST PYTHON)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_installed_tree.cmake: -D${var}=... is missing")
  endif()
endforeach()

set(prefix /usr)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env DESTDIR=${WORK_DIR}
          ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix}
  RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install ${BUILD_DIR} failed (${status}):\n${output}")
endif()

# What the list expects under the prefix.
file(STRINGS ${LIST} lines)
set(expected)
foreach(line IN LISTS lines)
  string(STRIP "${line}" line)
  if(line STREQUAL "" OR line MATCHES "^#")
    continue()
  endif()
  if(line MATCHES "^python: *(.+)$")
    if(NOT PYTHON)
      continue()
    endif()
    string(REPLACE "<extension>" "${PYTHON_EXTENSION}" file "${CMAKE_MATCH_1}")
    set(line "${PYTHON_DIR}/${file}")
  endif()
  list(APPEND expected "${line}")
endforeach()

# What is there: every file and symbolic link, relative to the prefix.
file(GLOB_RECURSE found LIST_DIRECTORIES false RELATIVE ${WORK_DIR}${prefix}
     ${WORK_DIR}${prefix}/*)
file(GLOB_RECURSE everywhere LIST_DIRECTORIES false RELATIVE ${WORK_DIR} ${WORK_DIR}/*)
set(outside)
foreach(file IN LISTS everywhere)
  if(NOT file MATCHES "^usr/")
    list(APPEND outside "/${file}")
  endif()
endforeach()

set(missing ${expected})
set(unexpected ${found})
if(found)
  list(REMOVE_ITEM missing ${found})
endif()
if(expected)
  list(REMOVE_ITEM unexpected ${expected})
endif()
list(APPEND unexpected ${outside})
list(SORT missing)
list(SORT unexpected)
list(LENGTH found found_count)
if(missing OR unexpected)
  set(report "The installed tree (${WORK_DIR}) differs from ${LIST}:")
  foreach(file IN LISTS missing)
    string(APPEND report "\n  missing:    ${file}")
  endforeach()
  foreach(file IN LISTS unexpected)
    string(APPEND report "\n  unexpected: ${file}")
  endforeach()
  string(APPEND report "\nAdd a new installed file to the list (python: for the Python "
                       "module's), or remove its install rule.")
  # Printed as it is (FATAL_ERROR would wrap the paths), then the failure.
  message(NOTICE "${report}")
  message(FATAL_ERROR "Install.Tree: the installed files differ from the list")
endif()
message(STATUS "Installed tree: the ${found_count} files of the list, nothing else")
