#include "inkling_png.h"
