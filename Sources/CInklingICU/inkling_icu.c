#include "inkling_icu.h"
