#include "inkling_icu.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/utypes.h>

static int kind_for_status(int32_t status) {
    if (status >= UBRK_WORD_IDEO && status < UBRK_WORD_IDEO_LIMIT) return INKLING_ICU_WORD_IDEO;
    if (status >= UBRK_WORD_KANA && status < UBRK_WORD_KANA_LIMIT) return INKLING_ICU_WORD_KANA;
    if (status >= UBRK_WORD_LETTER && status < UBRK_WORD_LETTER_LIMIT) return INKLING_ICU_WORD_LETTER;
    if (status >= UBRK_WORD_NUMBER && status < UBRK_WORD_NUMBER_LIMIT) return INKLING_ICU_WORD_NUMBER;
    return 0;
}

int inkling_icu_words(const char *utf8, size_t len, const char *locale, inkling_icu_span **out, size_t *count) {
    if (out == NULL || count == NULL) return INKLING_ICU_ERR_ARGUMENT;
    *out = NULL;
    *count = 0;
    if (len == 0) return INKLING_ICU_OK;
    if (utf8 == NULL || len > (size_t)INT32_MAX) return INKLING_ICU_ERR_ARGUMENT;

    UErrorCode status = U_ZERO_ERROR;
    /* UTF-8 UText: the iterator's indexes are byte offsets of the input, no conversion needed. */
    UText *text = utext_openUTF8(NULL, utf8, (int64_t)len, &status);
    if (U_FAILURE(status)) return INKLING_ICU_ERR_ICU;
    UBreakIterator *it = ubrk_open(UBRK_WORD, (locale != NULL && locale[0] != 0) ? locale : "", NULL, 0, &status);
    if (U_FAILURE(status)) {
        utext_close(text);
        return INKLING_ICU_ERR_ICU;
    }
    ubrk_setUText(it, text, &status);
    if (U_FAILURE(status)) {
        ubrk_close(it);
        utext_close(text);
        return INKLING_ICU_ERR_ICU;
    }

    size_t capacity = 0, n = 0;
    inkling_icu_span *spans = NULL;
    int32_t start = ubrk_first(it);
    for (int32_t end = ubrk_next(it); end != UBRK_DONE; start = end, end = ubrk_next(it)) {
        int kind = kind_for_status(ubrk_getRuleStatus(it));
        if (kind == 0 || end <= start) continue;
        if (n == capacity) {
            size_t grown = capacity ? capacity * 2 : 64;
            inkling_icu_span *bigger = realloc(spans, grown * sizeof *spans);
            if (bigger == NULL) {
                free(spans);
                ubrk_close(it);
                utext_close(text);
                return INKLING_ICU_ERR_MEMORY;
            }
            spans = bigger;
            capacity = grown;
        }
        spans[n].start = (size_t)start;
        spans[n].length = (size_t)(end - start);
        spans[n].kind = kind;
        n++;
    }
    ubrk_close(it);
    utext_close(text);
    *out = spans;
    *count = n;
    return INKLING_ICU_OK;
}

void inkling_icu_free(inkling_icu_span *spans) { free(spans); }

const char *inkling_icu_error_string(int code) {
    switch (code) {
    case INKLING_ICU_OK: return "no error";
    case INKLING_ICU_ERR_ARGUMENT: return "invalid argument (NULL pointer or input over 2 GiB)";
    case INKLING_ICU_ERR_MEMORY: return "out of memory while collecting words";
    case INKLING_ICU_ERR_ICU: return "ICU could not open a word break iterator (is the ICU data installed?)";
    default: return "unknown error";
    }
}
