#ifndef NOTESITE_CSHIMS_H
#define NOTESITE_CSHIMS_H
#include <stddef.h>
#include <vips/vips.h>

// Fixed-argument wrappers for the variadic libvips calls Swift cannot make, plus the
// process-wide gate that keeps libvips's one shared error buffer readable.

/// Loads libvips into the process, once (lazy_libraries.c: on Linux notesite does not link it, so
/// a site without images never maps it). NULL when it is loaded, else why it cannot be.
const char *notesite_vips_load(void);

/// The same for libmicrohttpd, which only `serve` uses.
const char *notesite_mhd_load(void);

/// Whether libvips is loaded in this process yet.
int notesite_vips_is_loaded(void);

/// Starts libvips once for the process: blocks untrusted loaders and every loader and saver
/// notesite does not call (see `notesite_vips_operation_is_blocked`), turns off the operation
/// cache (each image is processed once), uses one worker thread per image (deterministic
/// failures) and routes libvips warnings to the capture below.
/// Returns 0 on success. Safe to call more than once.
int notesite_vips_init(void);

/// Whether libvips refuses to run the operation with this nickname ("magickload_buffer") or
/// type name; also 1 for a name libvips does not know.
int notesite_vips_operation_is_blocked(const char *name);

// MARK: - Error gate
// Ordinary work holds the gate shared; a failed job is re-run holding it exclusively, so
// nothing else can write to vips_error_buffer() (or emit warnings) while its message is read.
void notesite_vips_gate_shared_enter(void);
void notesite_vips_gate_shared_leave(void);
void notesite_vips_gate_exclusive_enter(void);
void notesite_vips_gate_exclusive_leave(void);

/// Starts collecting libvips warnings (call only while holding the gate exclusively).
void notesite_vips_warnings_capture_begin(void);
/// Stops collecting and returns what was collected (g_free it), or NULL when nothing was.
char *notesite_vips_warnings_capture_end(void);

// MARK: - Loading
// Each format through its own loader, called by name: libvips's format sniffing
// (vips_foreign_find_load_buffer) runs every loader's check, and the SVG one never returns on
// some gzip data. notesite recognises formats from their magic bytes in Swift instead.

typedef enum {
    NOTESITE_LOADER_JPEG,
    NOTESITE_LOADER_PNG,
    NOTESITE_LOADER_WEBP,
    NOTESITE_LOADER_GIF,
    NOTESITE_LOADER_HEIF,
    NOTESITE_LOADER_TIFF,
} NotesiteLoader;

typedef struct {
    /// Truncated or corrupt pixel data is an error (fail_on=error), not grey rows.
    int fail_on_error;
    /// Every frame (n=-1), for animated WebP and GIF.
    int all_pages;
    /// JPEG shrink-on-load: 1, 2, 4 or 8 (0 means 1).
    int jpeg_shrink;
    /// WebP scale-on-load, at most 1 (0 means 1).
    double webp_scale;
} NotesiteLoadOptions;

/// Opens an image held in memory with the named loader, pixels read on demand top to bottom
/// (sequential access). The bytes must outlive the image. NULL on error.
VipsImage *notesite_vips_load_buffer(
    NotesiteLoader loader, const void *data, size_t length, NotesiteLoadOptions options);

/// Thumbnail of a loaded image whose WIDTH fits `width` (height unbounded), never enlarged,
/// auto-oriented. With `to_srgb`, the embedded ICC profile is used to convert to sRGB (only
/// for images that have one: without a profile libvips 8.14 shifts sRGB colours, measured
/// 30,40,210 -> 76,29,211).
int notesite_vips_thumbnail_image_width(VipsImage *in, int width, int to_srgb, VipsImage **out);

/// A CMYK image converted to sRGB through its embedded profile: vips_thumbnail in 8.14 converts
/// CMYK through its generic profile even when the file has its own (measured: grass in the
/// corpus CMYK photo 99,115,70 instead of 105,126,81). Resize the result afterwards.
int notesite_vips_cmyk_to_srgb(VipsImage *in, VipsImage **out);

// MARK: - Time limit
/// A point in time after which libvips stops computing the pixels of the images it watches.
/// Reference counted: each watched image holds a reference until it is freed.
typedef struct NotesiteDeadline NotesiteDeadline;

/// A deadline `seconds` from now.
NotesiteDeadline *notesite_deadline_new(double seconds);
void notesite_deadline_release(NotesiteDeadline *deadline);
/// Turns on libvips's progress signals for `image` and every image later computed from it;
/// once the deadline has passed, the next progress report kills the computation (libvips then
/// fails with "killed for image"). Call before building on the image.
void notesite_deadline_watch(NotesiteDeadline *deadline, VipsImage *image);
/// 1 once a computation was killed by this deadline or the deadline has passed.
int notesite_deadline_expired(NotesiteDeadline *deadline);

/// A copy of `in` without any metadata but what animation needs (page-height, delay, loop):
/// EXIF, GPS, XMP, IPTC, ICC, comments all go. Savers also strip, but webpsave in 8.14 does not.
int notesite_vips_copy_without_metadata(VipsImage *in, VipsImage **out);

/// Whether the image carries a metadata field of this name.
int notesite_vips_has_field(VipsImage *in, const char *name);

/// vips_colourspace with no optional arguments.
int notesite_vips_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space);

// MARK: - Saving (every saver strips all metadata)
int notesite_vips_save_jpeg(VipsImage *in, int quality, void **data, size_t *length);
/// With `palette`, an 8-bit palette PNG through libimagequant (`quality` bounds its loss; exact
/// when the image has at most 256 colours); else a truecolour PNG.
int notesite_vips_save_png(VipsImage *in, int palette, int quality, void **data, size_t *length);
int notesite_vips_save_webp(VipsImage *in, int lossless, int quality, void **data, size_t *length);
/// AVIF (AV1 in HEIF) at a low encoder effort.
int notesite_vips_save_avif(VipsImage *in, int quality, void **data, size_t *length);

/// `count` bands from `first` (drops an alpha band that is opaque everywhere).
int notesite_vips_extract_bands(VipsImage *in, VipsImage **out, int first, int count);

// MARK: - Social cards
/// The theme's card SVG (never a vault's) drawn through librsvg: sRGB with alpha, at its own size.
int notesite_vips_svg_card(const void *data, size_t length, VipsImage **out);
/// Pango markup laid out by Pango (shaping, bidi, line breaking at `width` pixels) in `font` (a
/// Pango font description found through fontconfig), as sRGB with alpha, cropped to its ink.
/// `spacing` 0 keeps the font's line spacing.
int notesite_vips_text_block(const char *markup, const char *font, int width, int spacing, VipsImage **out);
/// `in` without alpha, over white.
int notesite_vips_flatten_white(VipsImage *in, VipsImage **out);
/// A text block (sRGB with alpha, from notesite_vips_text_block) blended over `base` (sRGB, no
/// alpha) with its top left at (x, y), clipped to `base`: only the block's rectangle is computed.
int notesite_vips_blend_text(VipsImage *base, VipsImage *text, int x, int y, VipsImage **out);
/// A truecolour PNG at zlib level `compression` (0-9).
int notesite_vips_save_png_fast(VipsImage *in, int compression, void **data, size_t *length);

// MARK: - Memory
/// Gives freed heap memory back to the system (jemalloc's purge, else glibc's malloc_trim). glibc
/// keeps what one thread freed in that thread's arena, so decoding big images on many threads
/// ratchets the footprint up (measured: 254 MB after one pass over the benchmark vault, 411 MB
/// after three, without it).
void notesite_release_free_memory(void);

// MARK: - Test support
/// Writes an image to a file; options go in the name, as in "out.jpg[Q=90]". The file savers
/// are blocked in notesite (it only encodes to memory): this unblocks them for test fixtures.
int notesite_vips_write_file(VipsImage *in, const char *filename);
/// Writes `tile` repeated `across` times and `down` times to a file (large test images, fast).
int notesite_vips_write_replicated_file(
    VipsImage *tile, int across, int down, const char *filename);

#endif
