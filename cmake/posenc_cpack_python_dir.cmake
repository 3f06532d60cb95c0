# SPDX-License-Identifier: GPL-3.0-or-later
# CPack pre-build script (cmake/posenc_cpack.cmake): in the staged package tree, moves the
# Python module from usr/lib/python3.X/dist-packages/posenc (where core/python puts it when
# the build was configured for the default prefix /usr/local) to Debian's
# usr/lib/python3/dist-packages/posenc. Does nothing when it is there already.
message(STATUS "posenc: staging ${CPACK_TEMPORARY_INSTALL_DIRECTORY} / ${CPACK_TEMPORARY_DIRECTORY}")
