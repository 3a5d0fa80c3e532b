#ifndef INKLING_CJSONC_SHIM_H
#define INKLING_CJSONC_SHIM_H
#include <json.h>
#endif
