#include "CShims.h"

#include <pthread.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

// MARK: - Start-up

// A pthread mutex, not a GMutex: GLib's is a bare futex on Linux, which thread sanitizer cannot
// see, so it reported every capture as a data race (scripts/sanitize).
static pthread_mutex_t capture_lock = PTHREAD_MUTEX_INITIALIZER;
static GString *captured_warnings = NULL;  // non-NULL only while a capture runs

// libvips reports some decoder trouble (libpng's CRC errors, heif's profile notes) only as
// GLib warnings on stderr. They are dropped, except during a diagnosis re-run, where they
// become part of the error message.
static void notesite_vips_log(
    const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer unused) {
    (void)domain;
    (void)level;
    (void)unused;
    pthread_mutex_lock(&capture_lock);
    if (captured_warnings != NULL && captured_warnings->len < 2000) {
        if (captured_warnings->len > 0) {
            g_string_append(captured_warnings, "; ");
        }
        g_string_append(captured_warnings, message);
    }
    pthread_mutex_unlock(&capture_lock);
}

int notesite_vips_init(void) {
    static gsize started = 0;
    static int result = 0;
    if (g_once_init_enter(&started)) {
        result = VIPS_INIT("notesite");
        if (result == 0) {
            vips_block_untrusted_set(TRUE);
            vips_cache_set_max(0);
            // One worker thread per image: with two, a PNG with a bad IDAT CRC (PngSuite
            // xcsn0g01) failed or rendered depending on timing. Builds get their parallelism
            // from rendering several images at once instead.
            vips_concurrency_set(1);
            g_log_set_handler(
                "VIPS", G_LOG_LEVEL_WARNING,
                notesite_vips_log, NULL);
        }
        g_once_init_leave(&started, 1);
    }
    return result;
}

// MARK: - Error gate

static GRWLock gate;

void notesite_vips_gate_shared_enter(void) { g_rw_lock_reader_lock(&gate); }
void notesite_vips_gate_shared_leave(void) { g_rw_lock_reader_unlock(&gate); }
void notesite_vips_gate_exclusive_enter(void) { g_rw_lock_writer_lock(&gate); }
void notesite_vips_gate_exclusive_leave(void) { g_rw_lock_writer_unlock(&gate); }

void notesite_vips_warnings_capture_begin(void) {
    pthread_mutex_lock(&capture_lock);
    if (captured_warnings == NULL) {
        captured_warnings = g_string_new(NULL);
    }
    pthread_mutex_unlock(&capture_lock);
}

char *notesite_vips_warnings_capture_end(void) {
    pthread_mutex_lock(&capture_lock);
    GString *taken = captured_warnings;
    captured_warnings = NULL;
    pthread_mutex_unlock(&capture_lock);
    if (taken == NULL) {
        return NULL;
    }
    if (taken->len == 0) {
        g_string_free(taken, TRUE);
        return NULL;
    }
    return g_string_free(taken, FALSE);
}

// MARK: - Loading

VipsImage *notesite_vips_image_from_buffer(const void *data, size_t length, const char *options) {
    return vips_image_new_from_buffer(data, length, options, NULL);
}

int notesite_vips_thumbnail_width(
    const void *data, size_t length, int width, const char *options, int to_srgb, VipsImage **out) {
    // VIPS_MAX_COORD as the height makes the box as tall as any image: only the width binds.
    // The thumbnail's own "fail_on" does not reach buffer loaders in 8.14; the option string does.
    if (to_srgb) {
        return vips_thumbnail_buffer(
            (void *)data, length, out, width,
            "height", VIPS_MAX_COORD,
            "size", VIPS_SIZE_DOWN,
            "export_profile", "srgb",
            "option_string", options,
            NULL);
    }
    return vips_thumbnail_buffer(
        (void *)data, length, out, width,
        "height", VIPS_MAX_COORD,
        "size", VIPS_SIZE_DOWN,
        "option_string", options,
        NULL);
}

int notesite_vips_thumbnail_cmyk_width(
    const void *data, size_t length, int width, const char *options, VipsImage **out) {
    VipsImage *cmyk = vips_image_new_from_buffer(data, length, options, NULL);
    if (cmyk == NULL) {
        return -1;
    }
    VipsImage *srgb = NULL;
    int status = vips_icc_transform(
        cmyk, &srgb, "srgb", "embedded", TRUE, "intent", VIPS_INTENT_RELATIVE, NULL);
    g_object_unref(cmyk);
    if (status) {
        return -1;
    }
    status = vips_thumbnail_image(
        srgb, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, NULL);
    g_object_unref(srgb);
    return status;
}

static int keeps_field(const char *name) {
    return g_str_has_prefix(name, "vips-") || strcmp(name, VIPS_META_PAGE_HEIGHT) == 0 ||
        strcmp(name, VIPS_META_N_PAGES) == 0 || strcmp(name, "delay") == 0 ||
        strcmp(name, "loop") == 0 || strcmp(name, "gif-delay") == 0 || strcmp(name, "gif-loop") == 0;
}

int notesite_vips_copy_without_metadata(VipsImage *in, VipsImage **out) {
    if (vips_copy(in, out, NULL)) {
        return -1;
    }
    gchar **fields = vips_image_get_fields(*out);
    for (int i = 0; fields[i] != NULL; i++) {
        if (!keeps_field(fields[i])) {
            // Built-in properties (width, bands...) are not metadata; removing them is a no-op.
            vips_image_remove(*out, fields[i]);
        }
    }
    g_strfreev(fields);
    return 0;
}

int notesite_vips_has_field(VipsImage *in, const char *name) {
    return vips_image_get_typeof(in, name) != 0;
}

int notesite_vips_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space) {
    return vips_colourspace(in, out, space, NULL);
}

// MARK: - Saving

int notesite_vips_save_jpeg(VipsImage *in, int quality, void **data, size_t *length) {
    return vips_jpegsave_buffer(
        in, data, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
}

int notesite_vips_save_png(VipsImage *in, int palette, int quality, void **data, size_t *length) {
    if (palette) {
        // dither 0: flat graphics with few colours map exactly, and dithering noise compresses badly.
        return vips_pngsave_buffer(
            in, data, length, "strip", TRUE, "palette", TRUE, "Q", quality, "dither", 0.0, NULL);
    }
    return vips_pngsave_buffer(in, data, length, "strip", TRUE, NULL);
}

int notesite_vips_save_webp(VipsImage *in, int lossless, int quality, void **data, size_t *length) {
    return vips_webpsave_buffer(
        in, data, length, "Q", quality, "lossless", lossless, "strip", TRUE, NULL);
}

int notesite_vips_save_avif(VipsImage *in, int quality, void **data, size_t *length) {
    // effort 2 of 0-9: libaom is slow; higher efforts gain a few percent at several times the time.
    return vips_heifsave_buffer(
        in, data, length, "Q", quality, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1,
        "effort", 2, "strip", TRUE, NULL);
}

int notesite_vips_extract_bands(VipsImage *in, VipsImage **out, int first, int count) {
    return vips_extract_band(in, out, first, "n", count, NULL);
}

// MARK: - Memory

void notesite_release_free_memory(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

// MARK: - Test support

int notesite_vips_write_file(VipsImage *in, const char *filename) {
    return vips_image_write_to_file(in, filename, NULL);
}
