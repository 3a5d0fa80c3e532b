#ifndef INKLING_FUZZ_H
#define INKLING_FUZZ_H
/* The entry point of Inkling's libFuzzer targets.
 *
 * SwiftPM links an executable's `main` to the module's own entry point (`--defsym main=<module>_main`),
 * so libFuzzer's `main` is never used. Each target's `@main` calls inkling_fuzz_main instead, which
 * hands control to libFuzzer's driver with the target's `LLVMFuzzerTestOneInput`. */

/* Runs libFuzzer on the target's LLVMFuzzerTestOneInput with the process's arguments; returns
   its exit status. */
int inkling_fuzz_main(int argc, char **argv);

#endif
