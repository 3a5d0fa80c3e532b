#include "inkling_xml.h"
