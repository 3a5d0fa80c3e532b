#ifndef INKLING_JPEG_H
#define INKLING_JPEG_H
/* Placeholder: Inkling JPEG decoding API. */
int inkling_jpeg_placeholder(void);
#endif
