#ifndef NOTESITE_CHILD_PROCESS_H
#define NOTESITE_CHILD_PROCESS_H

/// pipe2(ends, O_CLOEXEC): both ends close-on-exec from the start, so no child another thread
/// starts meanwhile inherits them (glibc declares pipe2 only with _GNU_SOURCE, which Swift's
/// Glibc module does not define).
int notesite_pipe_cloexec(int ends[2]);

#endif
