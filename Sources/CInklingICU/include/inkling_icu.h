#ifndef INKLING_ICU_H
#define INKLING_ICU_H
/* Placeholder: Inkling word segmentation API (filled in by the conditioning work). */
int inkling_icu_placeholder(void);
#endif
