#include "inkling_jpeg.h"
