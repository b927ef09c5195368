#include "CShims.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__x86_64__) && defined(__ELF__)

// The functions lazy_libraries.S stands in for, in its order (vips first), and where each one is
// found once its library is loaded.
static const char *const vips_names[] = {
#define NOTESITE_VIPS(name) #name,
#include "vips_symbols.h"
#undef NOTESITE_VIPS
};
static const char *const mhd_names[] = {
#define NOTESITE_MHD(name) #name,
#include "mhd_symbols.h"
#undef NOTESITE_MHD
};
#define VIPS_COUNT (sizeof vips_names / sizeof vips_names[0])
#define MHD_COUNT (sizeof mhd_names / sizeof mhd_names[0])

__attribute__((visibility("hidden"))) void *notesite_lazy_slots[VIPS_COUNT + MHD_COUNT];

typedef struct {
    const char *soname;
    void *handle;  // set once, by open_library
    char error[512];
} LazyLibrary;

static LazyLibrary vips = {.soname = NOTESITE_VIPS_SONAME};
static LazyLibrary mhd = {.soname = NOTESITE_MHD_SONAME};
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

static void open_vips(void) { open_library(&vips); }
static void open_mhd(void) { open_library(&mhd); }

const char *notesite_vips_load(void) {
    pthread_once(&vips_once, open_vips);
    return vips.handle != NULL ? NULL : vips.error;
}

const char *notesite_mhd_load(void) {
    pthread_once(&mhd_once, open_mhd);
    return mhd.handle != NULL ? NULL : mhd.error;
}

int notesite_vips_is_loaded(void) {
    return __atomic_load_n(&vips.handle, __ATOMIC_ACQUIRE) != NULL;
}

// Called by lazy_libraries.S the first time a function is used. notesite calls these libraries
// only after their load function succeeded (VipsRuntime, `serve`), so failing here is a broken
// installation, not bad input: say which library and stop.
__attribute__((visibility("hidden"))) void *notesite_lazy_resolve(unsigned index) {
    int isVips = index < VIPS_COUNT;
    const char *problem = isVips ? notesite_vips_load() : notesite_mhd_load();
    LazyLibrary *library = isVips ? &vips : &mhd;
    if (problem != NULL) {
        fprintf(stderr, "notesite: %s is needed but cannot be loaded: %s\n", library->soname, problem);
        abort();
    }
    const char *name = isVips ? vips_names[index] : mhd_names[index - VIPS_COUNT];
    void *function = dlsym(library->handle, name);
    if (function == NULL) {
        fprintf(stderr, "notesite: %s has no function %s\n", library->soname, name);
        abort();
    }
    __atomic_store_n(&notesite_lazy_slots[index], function, __ATOMIC_RELEASE);
    return function;
}

#else

// Linked as usual (Package.swift): both libraries are there from the start.
const char *notesite_vips_load(void) { return NULL; }
const char *notesite_mhd_load(void) { return NULL; }
int notesite_vips_is_loaded(void) { return 1; }

#endif
