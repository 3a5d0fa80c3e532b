#ifndef INKLING_CHIREDIS_SHIM_H
#define INKLING_CHIREDIS_SHIM_H
#include <sys/time.h>
#include <hiredis/hiredis.h>
#endif
