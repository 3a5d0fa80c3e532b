#ifndef INKLING_CLIBJPEG_SHIM_H
#define INKLING_CLIBJPEG_SHIM_H
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
#endif
