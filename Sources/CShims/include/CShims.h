#ifndef NOTESITE_CSHIMS_H
#define NOTESITE_CSHIMS_H
#include <vips/vips.h>

/// Starts libvips once for the process; returns 0 on success.
int notesite_vips_init(void);

#endif
