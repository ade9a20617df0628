// libFuzzer's entry for programs with a main of their own (LLVM 12 and later): SwiftPM names an
// executable's entry point itself, so challenge-fuzz starts libFuzzer from its @main instead of
// letting libFuzzer's main run. See Docs/testing-fuzzing.md.
#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

typedef int (*clibfuzzer_callback)(const uint8_t *data, size_t size);

/// Runs libFuzzer with `argc`/`argv` (its flags and corpus folders) on `callback`; returns the
/// exit status libFuzzer chose (it exits itself on a crash, a leak or a timeout).
int LLVMFuzzerRunDriver(int *argc, char ***argv, clibfuzzer_callback callback);

#endif
