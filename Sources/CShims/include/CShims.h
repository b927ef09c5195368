#ifndef NOTESITE_CSHIMS_H
#define NOTESITE_CSHIMS_H
#include <stddef.h>
#include <vips/vips.h>

// Fixed-argument wrappers for the variadic libvips calls Swift cannot make, plus the
// process-wide gate that keeps libvips's one shared error buffer readable.

/// Starts libvips once for the process: blocks untrusted loaders, turns off the operation
/// cache (each image is processed once), uses one worker thread per image (deterministic
/// failures) and routes libvips warnings to the capture below.
/// Returns 0 on success. Safe to call more than once.
int notesite_vips_init(void);

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
/// Opens the header of an image held in memory (pixels are decoded lazily). `options` is a
/// libvips option string such as "fail_on=error". NULL on error.
VipsImage *notesite_vips_image_from_buffer(const void *data, size_t length, const char *options);

/// Shrink-on-load thumbnail whose WIDTH fits `width` (height unbounded), never enlarged,
/// auto-oriented. `options` go to the loader. With `to_srgb`, the embedded ICC profile is
/// used to convert to sRGB (only for images that have one: without a profile libvips 8.14
/// shifts sRGB colours, measured 30,40,210 -> 76,29,211).
int notesite_vips_thumbnail_width(
    const void *data, size_t length, int width, const char *options, int to_srgb, VipsImage **out);

/// The same for a CMYK image with an embedded profile: vips_thumbnail in 8.14 converts CMYK
/// through its generic profile even when the file has its own (measured: grass in the corpus
/// CMYK photo 99,115,70 instead of 105,126,81), so this loads, converts through the embedded
/// profile, then resizes (without shrink-on-load; CMYK files are rare).
int notesite_vips_thumbnail_cmyk_width(
    const void *data, size_t length, int width, const char *options, VipsImage **out);

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

// MARK: - Memory
/// Gives freed heap memory back to the system (glibc's malloc_trim; a no-op elsewhere). glibc
/// keeps what one thread freed in that thread's arena, so decoding big images on many threads
/// ratchets the footprint up (measured: 254 MB after one pass over the benchmark vault, 411 MB
/// after three, without it).
void notesite_release_free_memory(void);

// MARK: - Test support
/// Writes an image to a file; options go in the name, as in "out.jpg[Q=90]".
int notesite_vips_write_file(VipsImage *in, const char *filename);

#endif
