#include "CShims.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__x86_64__) && defined(__ELF__)

// The names of the functions vips_lazy.S stands in for, in its order, and where each one is
// found once libvips is loaded.
static const char *const names[] = {
#define NOTESITE_VIPS(name) #name,
#include "vips_symbols.h"
#undef NOTESITE_VIPS
};

__attribute__((visibility("hidden"))) void *notesite_vips_slots[sizeof names / sizeof names[0]];

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static void *library = NULL;
static char load_error[512] = "";

static void load(void) {
    // The soname the headers were made for: libvips.so.(current - age).
    char soname[64];
    snprintf(soname, sizeof soname, "libvips.so.%d", VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE);
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    __atomic_store_n(&library, handle, __ATOMIC_RELEASE);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason != NULL ? reason : soname);
    }
}

const char *notesite_vips_load(void) {
    pthread_once(&load_once, load);
    return library != NULL ? NULL : load_error;
}

int notesite_vips_is_loaded(void) {
    return __atomic_load_n(&library, __ATOMIC_ACQUIRE) != NULL;
}

// Called by vips_lazy.S the first time a function is used. notesite calls libvips only after
// notesite_vips_load() succeeded (VipsRuntime), so failing here is a bug, not bad input.
__attribute__((visibility("hidden"))) void *notesite_vips_resolve(unsigned index) {
    const char *problem = notesite_vips_load();
    if (problem != NULL) {
        fprintf(stderr, "notesite: libvips is needed but cannot be loaded: %s\n", problem);
        abort();
    }
    void *function = dlsym(library, names[index]);
    if (function == NULL) {
        fprintf(stderr, "notesite: libvips has no function %s\n", names[index]);
        abort();
    }
    __atomic_store_n(&notesite_vips_slots[index], function, __ATOMIC_RELEASE);
    return function;
}

#else

// Linked as usual (Package.swift): libvips is there from the start.
const char *notesite_vips_load(void) { return NULL; }
int notesite_vips_is_loaded(void) { return 1; }

#endif
