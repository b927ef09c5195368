#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>

#include "child_process.h"

int notesite_pipe_cloexec(int ends[2]) { return pipe2(ends, O_CLOEXEC); }
