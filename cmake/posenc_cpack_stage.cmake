# SPDX-License-Identifier: GPL-3.0-or-later
# CPack pre-build script (CPACK_PRE_BUILD_SCRIPTS, cmake/posenc_cpack.cmake): finishes the
# staged package tree the way Debian's own packaging tools (dh_python3, dh_strip) would.
#  1. The Python module moves from usr/lib/python3.X/dist-packages/posenc (where core/python
#     puts it when the build was configured for the default prefix /usr/local) to
#     usr/lib/python3/dist-packages/posenc, the folder of packaged Python modules (Debian's
#     Python policy); nothing happens when it is there already.
#  2. The binaries, already stripped of symbols (CPACK_STRIP_FILES), lose the compiler's
#     .comment and .note sections too, which nothing reads at run time.
set(usr "${CPACK_TEMPORARY_INSTALL_DIRECTORY}${CPACK_PACKAGING_INSTALL_PREFIX}")

file(GLOB versioned LIST_DIRECTORIES true "${usr}/lib/python3.*/dist-packages/posenc")
foreach(dir IN LISTS versioned)
  if(EXISTS "${usr}/lib/python3/dist-packages/posenc")
    message(FATAL_ERROR "posenc: the Python module is staged twice: ${dir} and "
                        "${usr}/lib/python3/dist-packages/posenc")
  endif()
  file(MAKE_DIRECTORY "${usr}/lib/python3/dist-packages")
  file(RENAME "${dir}" "${usr}/lib/python3/dist-packages/posenc")
  # The python3.X folders it leaves empty go too.
  get_filename_component(site "${dir}" DIRECTORY)
  get_filename_component(version_dir "${site}" DIRECTORY)
  file(GLOB left "${site}/*")
  if(NOT left)
    file(REMOVE_RECURSE "${version_dir}")
  endif()
  message(STATUS "posenc: the Python module goes to /usr/lib/python3/dist-packages/posenc")
endforeach()

if(CPACK_POSENC_STRIP)
  file(GLOB_RECURSE binaries "${usr}/bin/*" "${usr}/lib/*.so")
  foreach(binary IN LISTS binaries)
    execute_process(COMMAND ${CPACK_POSENC_STRIP} --remove-section=.comment
                            --remove-section=.note "${binary}"
                    RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "posenc: ${CPACK_POSENC_STRIP} failed on ${binary}")
    endif()
  endforeach()
endif()
