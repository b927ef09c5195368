#include "CShims.h"

int notesite_vips_init(void) {
    return VIPS_INIT("notesite");
}
