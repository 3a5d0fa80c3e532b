#ifndef INKLING_CICU_SHIM_H
#define INKLING_CICU_SHIM_H
/* Only CInklingICU's .c file includes ICU; this module exists for its pkg-config flags. */
#include <unicode/ubrk.h>
#endif
