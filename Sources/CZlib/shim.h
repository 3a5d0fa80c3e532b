#ifndef INKLING_CZLIB_SHIM_H
#define INKLING_CZLIB_SHIM_H
#include <zlib.h>
#endif
