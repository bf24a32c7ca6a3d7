// Binds parlor._parlor.save_header (see save_header.cpp).
#pragma once

#include <pybind11/pybind11.h>

namespace parlor {

void BindSaveHeader(pybind11::module_& m);

}  // namespace parlor
