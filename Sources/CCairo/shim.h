#ifndef INKLING_CCAIRO_SHIM_H
#define INKLING_CCAIRO_SHIM_H
#include <cairo.h>
#endif
