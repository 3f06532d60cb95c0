# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian package: `cpack -G DEB` in a configured and built folder (build/release via
# scripts/package.sh; CI packages build/ci) makes posenc_<version>_<arch>.deb of everything
# `cmake --install` puts in place, under /usr. Included at the end of the top-level
# CMakeLists.txt, after every install rule.
#
# Depends: dpkg-shlibdeps reads them off the binaries (Qt 6, QCustomPlot, libzip, ...); the
# Python module (core/python, when built) adds the one Python it was compiled for, and numpy.
# The dpkg triggers of shared-mime-info, desktop-file-utils and hicolor-icon-theme update the
# MIME database, the menu and the icon cache on install and removal: no maintainer script
# for them. The one maintainer script, a prerm when the Python module is packaged, removes
# the byte-code Python writes next to the module (resources/desktop/debian/prerm), which
# removal would leave behind otherwise. The copyright (DEP-5) and the changelog come from
# resources/desktop/debian/ too.
include(GNUInstallDirs)

set(POSENC_PACKAGE_MAINTAINER
    "The PosEnc Explorer developers <posenc-explorer@users.noreply.github.com>"
    CACHE STRING "Maintainer field of the Debian package (name <email>)")
set(posenc_homepage "https://github.com/posenc/posenc-explorer")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME posenc)
set(CPACK_PACKAGE_VENDOR "The PosEnc Explorer developers")
set(CPACK_PACKAGE_CONTACT "${POSENC_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_HOMEPAGE_URL ${posenc_homepage})
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_STRIP_FILES ON)
set(CPACK_POSENC_STRIP "${CMAKE_STRIP}")
# Finishes the staged tree before it is packed: Debian's Python folder, the binaries'
# .comment and .note sections removed (cmake/posenc_cpack_stage.cmake).
set(CPACK_PRE_BUILD_SCRIPTS ${PROJECT_SOURCE_DIR}/cmake/posenc_cpack_stage.cmake)
# Directories in the package are rwxr-xr-x whatever the umask of the one who packages.
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

# Debian's description: a synopsis (lower case, no full stop, not starting with the package
# name) and paragraphs of at most 80 columns; CPack indents them and turns empty lines into " .".
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "explore how transformer models encode position")
set(posenc_description [=[
PosEnc Explorer computes the positional encodings of transformer models
exactly, in double precision, and draws them: sinusoidal tables and their
frequency bands, learned tables, T5's bucketed relative bias, ALiBi's per-head
linear bias, RoPE's rotations with its scaling methods (PI, NTK, YaRN,
Llama 3.1, LongRoPE), Transformer-XL, TUPE, Shaw, DeBERTa, xPos, NoPE, KERPLE
and Sandwich.

Its pictures carry titles, labelled axes and colour scales and can go straight
onto a slide; lessons and a presentation mode serve teaching. Every number can
be exported (CSV, NPY, JSON) and compared with one's own arrays. Real models
are opened from disk (Hugging Face folders, safetensors), never from the
network. The interface is in English and Simplified Chinese.
]=])
if(POSENC_BUILD_PYTHON)
  string(APPEND posenc_description "
This package holds the window, the posenc command line (draws, exports and
checks without a window) and the Python 3 module posenc.")
else()
  string(APPEND posenc_description "
This package holds the window and the posenc command line (draws, exports and
checks without a window).")
endif()
set(CPACK_PACKAGE_DESCRIPTION "${posenc_description}")

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${POSENC_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The fonts the pictures and the window ask for by name (plot_parts.cpp, translation.cpp):
# DejaVu Sans for Latin text, Noto Sans CJK SC for Chinese. Without Noto CJK the Chinese
# interface and lessons show empty boxes; apt installs a recommended package by default, and
# one who leaves it out still gets a working English program.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk")
if(POSENC_BUILD_PYTHON)
  # The extension module is built for one Python (its file name says cpython-3XY).
  math(EXPR posenc_python_next "${Python3_VERSION_MINOR} + 1")
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS
         ", python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}), python3 (<< ${Python3_VERSION_MAJOR}.${posenc_python_next}), python3-numpy")
  set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${PROJECT_SOURCE_DIR}/resources/desktop/debian/prerm)
  set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
endif()

include(CPack)
