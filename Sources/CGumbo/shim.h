#include <gumbo.h>
// strlen, for the C strings gumbo hands back.
#include <string.h>
