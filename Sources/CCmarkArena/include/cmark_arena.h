#ifndef NOTESITE_CMARK_ARENA_H
#define NOTESITE_CMARK_ARENA_H

#include <cmark.h>

/// While a thread is inside `notesite_cmark_arena_enter` / `_leave`, libcmark memory given to it
/// comes from that thread's arena: small blocks are carved from large chunks and never freed one by
/// one, large ones are kept in a list; leaving the outermost scope releases everything at once, so
/// a parsed tree needs no `cmark_node_free`. Outside a scope, the allocator is libcmark's default.

/// Enters a scope on the calling thread (scopes nest; the outermost one owns the memory).
void notesite_cmark_arena_enter(void);

/// Leaves a scope; leaving the outermost releases every block given out since it was entered.
/// No node or parser made inside it may be used afterwards.
void notesite_cmark_arena_leave(void);

/// The allocator to give libcmark on this thread: the arena inside a scope, else the default.
cmark_mem *notesite_cmark_memory(void);

/// Bytes the current scope holds in chunks and large blocks (for tests).
size_t notesite_cmark_arena_bytes(void);

#endif
