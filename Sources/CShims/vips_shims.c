#include "CShims.h"
#include "lazy_functions.h"

#include <dlfcn.h>
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

// The loaders and savers notesite calls; every other one is blocked. Loaders parse untrusted
// bytes; a blocked one fails with "operation is blocked" even if something reached it.
static const char *const used_operations[] = {
    "jpegload_buffer", "pngload_buffer", "webpload_buffer", "gifload_buffer",
    "heifload_buffer", "tiffload_buffer",
    "jpegsave_buffer", "pngsave_buffer", "webpsave_buffer", "heifsave_buffer",
    // Only for social cards: the theme's own card.svg, never an SVG from the vault (those are
    // recognised in Swift and inlined as they are).
    "svgload_buffer",
};

static void block_unused_operations(void) {
    vips_block_untrusted_set(TRUE);
    vips_operation_block_set("VipsForeignLoad", TRUE);
    vips_operation_block_set("VipsForeignSave", TRUE);
    for (size_t i = 0; i < G_N_ELEMENTS(used_operations); i++) {
        GType type = vips_type_find("VipsOperation", used_operations[i]);
        if (type != 0) {
            vips_operation_block_set(g_type_name(type), FALSE);
        }
    }
}

int notesite_vips_operation_is_blocked(const char *name) {
    GType type = vips_type_find("VipsOperation", name);
    if (type == 0 || G_TYPE_IS_ABSTRACT(type)) {
        return 1;
    }
    VipsOperationClass *class = VIPS_OPERATION_CLASS(g_type_class_ref(type));
    int blocked = (class->flags & VIPS_OPERATION_BLOCKED) != 0;
    g_type_class_unref(class);
    return blocked;
}

int notesite_vips_init(void) {
    static gsize started = 0;
    static int result = 0;
    if (g_once_init_enter(&started)) {
        result = VIPS_INIT("notesite");
        if (result == 0) {
            block_unused_operations();
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

VipsImage *notesite_vips_load_buffer(
    NotesiteLoader loader, const void *data, size_t length, NotesiteLoadOptions options) {
    void *bytes = (void *)data;
    VipsFailOn fail_on = options.fail_on_error ? VIPS_FAIL_ON_ERROR : VIPS_FAIL_ON_NONE;
    int pages = options.all_pages ? -1 : 1;
    VipsImage *out = NULL;
    int status = -1;
    switch (loader) {
    case NOTESITE_LOADER_JPEG:
        status = vips_jpegload_buffer(
            bytes, length, &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", fail_on,
            "shrink", options.jpeg_shrink > 1 ? options.jpeg_shrink : 1, NULL);
        break;
    case NOTESITE_LOADER_PNG:
        status = vips_pngload_buffer(
            bytes, length, &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", fail_on, NULL);
        break;
    case NOTESITE_LOADER_WEBP:
        status = vips_webpload_buffer(
            bytes, length, &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", fail_on,
            "n", pages,
            "scale", options.webp_scale > 0 && options.webp_scale < 1 ? options.webp_scale : 1.0,
            NULL);
        break;
    case NOTESITE_LOADER_GIF:
        status = vips_gifload_buffer(
            bytes, length, &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", fail_on,
            "n", pages, NULL);
        break;
    case NOTESITE_LOADER_HEIF:
        status = vips_heifload_buffer(
            bytes, length, &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", fail_on, NULL);
        break;
    case NOTESITE_LOADER_TIFF:
        status = vips_tiffload_buffer(
            bytes, length, &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", fail_on, NULL);
        break;
    }
    return status == 0 ? out : NULL;
}

int notesite_vips_thumbnail_image_width(VipsImage *in, int width, int to_srgb, VipsImage **out) {
    // VIPS_MAX_COORD as the height makes the box as tall as any image: only the width binds.
    if (to_srgb) {
        return vips_thumbnail_image(
            in, out, width,
            "height", VIPS_MAX_COORD,
            "size", VIPS_SIZE_DOWN,
            "export_profile", "srgb",
            NULL);
    }
    return vips_thumbnail_image(
        in, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, NULL);
}

int notesite_vips_cmyk_to_srgb(VipsImage *in, VipsImage **out) {
    return vips_icc_transform(
        in, out, "srgb", "embedded", TRUE, "intent", VIPS_INTENT_RELATIVE, NULL);
}

// MARK: - Time limit

struct NotesiteDeadline {
    gint64 end;  // g_get_monotonic_time() microseconds
    gint killed;
};

NotesiteDeadline *notesite_deadline_new(double seconds) {
    NotesiteDeadline *deadline = g_atomic_rc_box_new0(NotesiteDeadline);
    double microseconds = seconds > 0 ? seconds * G_USEC_PER_SEC : 0;
    // Beyond a century is no limit at all; also keeps the sum below overflow.
    if (microseconds > 3.2e15) {
        microseconds = 3.2e15;
    }
    // Published with release order and read with acquire order: libvips hands the deadline to its
    // pooled worker threads through glib's futex-based locks, which ThreadSanitizer cannot see, so
    // the order is made explicit on the field itself.
    __atomic_store_n(&deadline->end, g_get_monotonic_time() + (gint64)microseconds, __ATOMIC_RELEASE);
    return deadline;
}

void notesite_deadline_release(NotesiteDeadline *deadline) { g_atomic_rc_box_release(deadline); }

static void notesite_deadline_release_notify(gpointer data, GClosure *closure) {
    (void)closure;
    g_atomic_rc_box_release(data);
}

// Runs on the thread evaluating the pipeline, between tiles. `progress->im` is the image being
// computed (the one libvips checks for a kill), which may be a saver's own copy of ours.
static void notesite_deadline_on_eval(VipsImage *image, VipsProgress *progress, gpointer data) {
    (void)image;
    NotesiteDeadline *deadline = data;
    if (g_get_monotonic_time() >= __atomic_load_n(&deadline->end, __ATOMIC_ACQUIRE)) {
        g_atomic_int_set(&deadline->killed, 1);
        vips_image_set_kill(progress->im, TRUE);
    }
}

void notesite_deadline_watch(NotesiteDeadline *deadline, VipsImage *image) {
    vips_image_set_progress(image, TRUE);
    g_signal_connect_data(
        image, "eval", G_CALLBACK(notesite_deadline_on_eval), g_atomic_rc_box_acquire(deadline),
        notesite_deadline_release_notify, 0);
}

int notesite_deadline_expired(NotesiteDeadline *deadline) {
    return g_atomic_int_get(&deadline->killed) ||
        g_get_monotonic_time() >= __atomic_load_n(&deadline->end, __ATOMIC_ACQUIRE);
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
        // dither 0 and Q 100 (from the caller): an image of at most 256 colours maps exactly
        // (RasterJob checks), and dithering noise compresses badly.
        return vips_pngsave_buffer(
            in, data, length, "strip", TRUE, "palette", TRUE, "Q", quality, "dither", 0.0, NULL);
    }
    return vips_pngsave_buffer(in, data, length, "strip", TRUE, NULL);
}

int notesite_vips_save_webp(VipsImage *in, int lossless, int quality, void **data, size_t *length) {
    if (lossless) {
        // Q is libwebp's compression effort in lossless mode.
        return vips_webpsave_buffer(in, data, length, "Q", quality, "lossless", TRUE, "strip", TRUE, NULL);
    }
    // Lossy: effort 6 of 0-6 searches harder (about 7% fewer bytes for a photo at the same PSNR,
    // twice the encoding time); smart_subsample keeps sharp colour edges in 4:2:0.
    return vips_webpsave_buffer(
        in, data, length, "Q", quality, "effort", 6, "smart_subsample", TRUE, "strip", TRUE, NULL);
}

int notesite_vips_save_avif(VipsImage *in, int quality, void **data, size_t *length) {
    // effort 3 of 0-9: at the same SSIMULACRA2 score it saves 3-5% of effort 2's bytes for 1.55x its
    // CPU; effort 4 saves about 11% for 6x, too slow for a build (see ImageFormatPolicy). Chroma
    // stays 4:2:0 below Q 90 (4:4:4 is no smaller at the same score), 8-bit: libaom 3.6 aborts the
    // process on a 10-bit encode of 8-bit pixels through libheif 1.15.
    return vips_heifsave_buffer(
        in, data, length, "Q", quality, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1,
        "effort", 3, "strip", TRUE, NULL);
}

int notesite_vips_extract_bands(VipsImage *in, VipsImage **out, int first, int count) {
    return vips_extract_band(in, out, first, "n", count, NULL);
}

// MARK: - Social cards

int notesite_vips_svg_card(const void *data, size_t length, VipsImage **out) {
    return vips_svgload_buffer((void *)data, length, out, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

int notesite_vips_text_block(const char *markup, const char *font, int width, int spacing, VipsImage **out) {
    if (spacing > 0) {
        return vips_text(out, markup, "font", font, "width", width, "rgba", TRUE, "spacing", spacing, NULL);
    }
    return vips_text(out, markup, "font", font, "width", width, "rgba", TRUE, NULL);
}

int notesite_vips_flatten_white(VipsImage *in, VipsImage **out) {
    if (!vips_image_hasalpha(in)) {
        return vips_copy(in, out, NULL);
    }
    VipsArrayDouble *white = vips_array_double_newv(3, 255.0, 255.0, 255.0);
    int status = vips_flatten(in, out, "background", white, NULL);
    vips_area_unref(VIPS_AREA(white));
    return status;
}

int notesite_vips_blend_text(VipsImage *base, VipsImage *text, int x, int y, VipsImage **out) {
    // The part of the text block inside the base image.
    int left = MAX(x, 0), top = MAX(y, 0);
    int right = MIN(x + vips_image_get_width(text), vips_image_get_width(base));
    int bottom = MIN(y + vips_image_get_height(text), vips_image_get_height(base));
    if (right <= left || bottom <= top || vips_image_get_bands(text) != 4) {
        return vips_copy(base, out, NULL);
    }
    int width = right - left, height = bottom - top;
    VipsImage *t[5] = {NULL};
    int status = vips_extract_area(base, &t[0], left, top, width, height, NULL) ||
        vips_extract_area(text, &t[1], left - x, top - y, width, height, NULL) ||
        vips_extract_band(t[1], &t[2], 0, "n", 3, NULL) ||
        vips_extract_band(t[1], &t[3], 3, NULL) ||
        // The text's alpha blends its colour over the base, in 8-bit arithmetic.
        vips_ifthenelse(t[3], t[2], t[0], &t[4], "blend", TRUE, NULL) ||
        vips_insert(base, t[4], out, left, top, NULL);
    for (int i = 0; i < 5; i++) {
        if (t[i] != NULL) g_object_unref(t[i]);
    }
    return status ? -1 : 0;
}

int notesite_vips_save_png_fast(VipsImage *in, int compression, void **data, size_t *length) {
    return vips_pngsave_buffer(in, data, length, "strip", TRUE, "compression", compression, NULL);
}

// MARK: - Memory

void notesite_release_free_memory(void) {
    // jemalloc, the notesite program's malloc on Linux: purge the unused pages of every arena
    // (MALLCTL_ARENAS_ALL is 4096). Looked up, so that a test process on glibc's malloc trims.
    typedef int (*mallctl_function)(const char *, void *, size_t *, void *, size_t);
    mallctl_function mallctl = (mallctl_function)dlsym(RTLD_DEFAULT, "mallctl");
    if (mallctl != NULL && mallctl("arena.4096.purge", NULL, NULL, NULL, 0) == 0) return;
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

// MARK: - Test support

int notesite_vips_write_file(VipsImage *in, const char *filename) {
    // A file saver writes through its target saver in 8.14: both are needed.
    const char *saver = vips_foreign_find_save(filename);
    const char *target_saver = vips_foreign_find_save_target(filename);
    if (saver == NULL || target_saver == NULL) {
        return -1;
    }
    vips_operation_block_set(saver, FALSE);
    vips_operation_block_set(target_saver, FALSE);
    return vips_image_write_to_file(in, filename, NULL);
}

int notesite_vips_write_replicated_file(
    VipsImage *tile, int across, int down, const char *filename) {
    VipsImage *large = NULL;
    if (vips_replicate(tile, &large, across, down, NULL)) {
        return -1;
    }
    int status = notesite_vips_write_file(large, filename);
    g_object_unref(large);
    return status;
}
