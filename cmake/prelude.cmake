# In-source builds leave generated files among the sources; refuse them early.
if(CMAKE_SOURCE_DIR STREQUAL CMAKE_BINARY_DIR)
  message(FATAL_ERROR
    "In-source builds are not supported. Use a build folder, e.g.\n"
    "  cmake --preset dev && cmake --build --preset dev\n"
    "and remove the CMakeCache.txt and CMakeFiles/ just created here.")
endif()
