#ifndef INKLING_CLIBPNG_SHIM_H
#define INKLING_CLIBPNG_SHIM_H
#include <png.h>
#endif
