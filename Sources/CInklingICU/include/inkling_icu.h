#ifndef INKLING_ICU_H
#define INKLING_ICU_H
/*
 * Inkling's word segmentation API over ICU's word break iterator.
 *
 * Deliberately free of ICU types and headers: the system ICU headers clash with the ICU module
 * the Swift toolchain's Foundation carries (DESIGN §10), so only inkling_icu.c includes them.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What kind of word a span is (from ICU's word break rule status). */
typedef enum {
    INKLING_ICU_WORD_NUMBER = 1, /* digits, numbers ("2024", "3.5") */
    INKLING_ICU_WORD_LETTER = 2, /* letters ("fox", "강아지와", "привет") */
    INKLING_ICU_WORD_KANA = 3,   /* hiragana or katakana ("きれい", "です") */
    INKLING_ICU_WORD_IDEO = 4    /* ideographs ("東京", "桜") */
} inkling_icu_word_kind;

/* One word: a byte range of the UTF-8 input. */
typedef struct {
    size_t start;  /* byte offset of the first byte */
    size_t length; /* length in bytes */
    int kind;      /* an inkling_icu_word_kind */
} inkling_icu_span;

/* Return codes. */
enum {
    INKLING_ICU_OK = 0,
    INKLING_ICU_ERR_ARGUMENT = -1, /* NULL pointer or input longer than INT32_MAX bytes */
    INKLING_ICU_ERR_MEMORY = -2,   /* allocation failed */
    INKLING_ICU_ERR_ICU = -3       /* ICU reported an error; see inkling_icu_last_error_name */
};

/*
 * Segments `len` bytes of UTF-8 text (NUL bytes allowed, not required to be terminated) into
 * words for `locale` ("en", "ja", "" or NULL for the root locale). On success stores a
 * malloc'ed array of spans (NULL when there are none) in *out and its length in *count; free it
 * with inkling_icu_free. Punctuation, spaces and symbols are not words and are skipped.
 * Thread-safe: every call opens its own break iterator.
 */
int inkling_icu_words(const char *utf8, size_t len, const char *locale, inkling_icu_span **out, size_t *count);

/* Frees spans returned by inkling_icu_words (NULL is fine). */
void inkling_icu_free(inkling_icu_span *spans);

/* A static, human-readable description of a return code of inkling_icu_words. */
const char *inkling_icu_error_string(int code);

#ifdef __cplusplus
}
#endif
#endif
