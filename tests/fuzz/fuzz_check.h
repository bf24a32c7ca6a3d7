// What the harnesses of tests/fuzz share: a property that fails stops the run as a
// crash (libFuzzer saves the input), with the property and the input's outcome said.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#define FUZZ_CHECK(condition, detail)                                                                     \
  do {                                                                                                    \
    if (!(condition)) {                                                                                   \
      std::fprintf(stderr, "fuzz property failed at %s:%d: %s\n  %s\n", __FILE__, __LINE__, #condition, \
                   std::string(detail).c_str());                                                          \
      std::abort();                                                                                       \
    }                                                                                                     \
  } while (0)
