#include "CShims.h"

#if defined(__linux__)

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

#include "lazy_functions.h"
#define NOTESITE_LAZY_TABLE

// libvips and libmicrohttpd, loaded on first use: mapping libvips and the hundred libraries it
// needs costs about 16 MB of memory, and libmicrohttpd with GnuTLS about 2.5 MB; a vault without
// images never maps the first, a build never the second. Each function notesite calls
// (lazy_functions.h, from scripts/lazy-symbols) is defined here as one that calls the library's
// own through its slot, filled on the first call.

typedef enum { VIPS, MHD } Library;

typedef struct {
    const char *soname;
    void *handle;  // set once, by open_library
    char error[512];
} LazyLibrary;

static LazyLibrary libraries[] = {
    [VIPS] = {.soname = NOTESITE_VIPS_SONAME},
    [MHD] = {.soname = NOTESITE_MHD_SONAME},
};
static pthread_once_t vips_once = PTHREAD_ONCE_INIT;
static pthread_once_t mhd_once = PTHREAD_ONCE_INIT;

static void open_library(LazyLibrary *library) {
    void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(library->error, sizeof library->error, "%s", reason != NULL ? reason : library->soname);
    }
    __atomic_store_n(&library->handle, handle, __ATOMIC_RELEASE);
}

static void open_vips(void) { open_library(&libraries[VIPS]); }
static void open_mhd(void) { open_library(&libraries[MHD]); }

const char *notesite_vips_load(void) {
    pthread_once(&vips_once, open_vips);
    return libraries[VIPS].handle != NULL ? NULL : libraries[VIPS].error;
}

const char *notesite_mhd_load(void) {
    pthread_once(&mhd_once, open_mhd);
    return libraries[MHD].handle != NULL ? NULL : libraries[MHD].error;
}

int notesite_vips_is_loaded(void) {
    return __atomic_load_n(&libraries[VIPS].handle, __ATOMIC_ACQUIRE) != NULL;
}

// Each function's name and library, by slot.
static const struct {
    const char *name;
    Library library;
} functions[NOTESITE_LAZY_COUNT] = {
#define NOTESITE_FUNCTION(slot, library, result, name, parameters, arguments) [slot] = {#name, library},
#define NOTESITE_PROCEDURE(slot, library, result, name, parameters, arguments) [slot] = {#name, library},
#define NOTESITE_VARIADIC(slot, library, name) [slot] = {#name, library},
#include "lazy_functions.h"
#undef NOTESITE_FUNCTION
#undef NOTESITE_PROCEDURE
#undef NOTESITE_VARIADIC
};

static void *slots[NOTESITE_LAZY_COUNT];

// notesite calls these libraries only after their load function succeeded (VipsRuntime, `serve`),
// so failing here is a broken installation, not bad input: say which library and stop.
void *notesite_lazy_function(unsigned slot) {
    void *function = __atomic_load_n(&slots[slot], __ATOMIC_ACQUIRE);
    if (function != NULL) return function;
    Library library = functions[slot].library;
    const char *problem = library == VIPS ? notesite_vips_load() : notesite_mhd_load();
    if (problem != NULL) {
        fprintf(stderr, "notesite: %s is needed but cannot be loaded: %s\n", libraries[library].soname, problem);
        abort();
    }
    function = dlsym(libraries[library].handle, functions[slot].name);
    if (function == NULL) {
        fprintf(stderr, "notesite: %s has no function %s\n", libraries[library].soname, functions[slot].name);
        abort();
    }
    __atomic_store_n(&slots[slot], function, __ATOMIC_RELEASE);
    return function;
}

// The definitions, which the compiler checks against the libraries' headers.
#define NOTESITE_FUNCTION(slot, library, result, name, parameters, arguments) \
    result name parameters { return ((result(*) parameters)notesite_lazy_function(slot)) arguments; }
#define NOTESITE_PROCEDURE(slot, library, result, name, parameters, arguments) \
    void name parameters { ((void(*) parameters)notesite_lazy_function(slot)) arguments; }
#define NOTESITE_VARIADIC(slot, library, name)
#include "lazy_functions.h"

#else

// Linked as usual (Package.swift): both libraries are there from the start.
const char *notesite_vips_load(void) { return NULL; }
const char *notesite_mhd_load(void) { return NULL; }
int notesite_vips_is_loaded(void) { return 1; }

#endif
