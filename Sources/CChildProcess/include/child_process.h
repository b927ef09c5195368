#ifndef NOTESITE_CHILD_PROCESS_H
#define NOTESITE_CHILD_PROCESS_H

#include <spawn.h>

// glibc declares these only with _GNU_SOURCE, which Swift's Glibc module does not define.

/// pipe2(ends, O_CLOEXEC): both ends close-on-exec from the start, so no child another thread
/// starts meanwhile inherits them.
int notesite_pipe_cloexec(int ends[2]);

/// posix_spawn_file_actions_addchdir_np: the child starts in `folder`.
int notesite_spawn_chdir(posix_spawn_file_actions_t *actions, const char *folder);

#endif
