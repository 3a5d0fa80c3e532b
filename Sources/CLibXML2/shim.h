#ifndef INKLING_CLIBXML2_SHIM_H
#define INKLING_CLIBXML2_SHIM_H
/* Only CInklingXML's .c file includes libxml2; this module exists for its pkg-config flags. */
#include <libxml/parser.h>
#endif
