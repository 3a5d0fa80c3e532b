#include "inkling_fuzz.h"

#include <stddef.h>
#include <stdint.h>

/* From libFuzzer (libclang_rt.fuzzer, linked by -sanitize=fuzzer). */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
/* Defined by each target, in Swift, with @_cdecl. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int inkling_fuzz_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
