#ifndef INKLING_PNG_H
#define INKLING_PNG_H
int inkling_png_placeholder(void);
#endif
