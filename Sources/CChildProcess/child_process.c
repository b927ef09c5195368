#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>

#include "child_process.h"

int notesite_pipe_cloexec(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

int notesite_spawn_chdir(posix_spawn_file_actions_t *actions, const char *folder) {
    return posix_spawn_file_actions_addchdir_np(actions, folder);
}
