# SPDX-License-Identifier: GPL-3.0-or-later
# The ctest Desktop.Versions: the newest entry of the Debian changelog and the newest release
# of the AppStream metadata name the version project() gives (the package's version), so a
# version bump cannot ship a package whose changelog or software-centre page is a release
# behind.
#
# cmake -DVERSION=X.Y.Z -DDESKTOP_DIR=resources/desktop -P check_versions.cmake
file(READ ${DESKTOP_DIR}/debian/changelog changelog)
string(REGEX MATCH "^[^\n]*" first "${changelog}")
if(NOT first MATCHES "^posenc \\(([^)]+)\\) [a-z-]+; urgency=[a-z]+$")
  message(FATAL_ERROR "debian/changelog: the first line is not a Debian changelog entry "
                      "header: '${first}'")
endif()
set(changelog_version ${CMAKE_MATCH_1})

file(READ ${DESKTOP_DIR}/org.posenc.Explorer.metainfo.xml metainfo)
if(NOT metainfo MATCHES "<release version=\"([^\"]+)\" date=\"([0-9-]+)\"")
  message(FATAL_ERROR "org.posenc.Explorer.metainfo.xml: no <release version=... date=...>")
endif()
set(metainfo_version ${CMAKE_MATCH_1})

set(errors)
if(NOT changelog_version STREQUAL VERSION)
  string(APPEND errors "\n  debian/changelog's newest entry is ${changelog_version}")
endif()
if(NOT metainfo_version STREQUAL VERSION)
  string(APPEND errors "\n  the metainfo's newest release is ${metainfo_version}")
endif()
if(errors)
  message(FATAL_ERROR "project(VERSION) is ${VERSION}, but:${errors}\n"
                      "Add an entry for ${VERSION} to both (resources/desktop/).")
endif()
message(STATUS "changelog and metainfo name version ${VERSION}")
