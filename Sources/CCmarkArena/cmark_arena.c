#include "cmark_arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// libcmark frees and reallocates each of a parse's hundreds of nodes and buffers one at a time:
// in the read stage that was a tenth of libcmark's time, and freeing the tree as much again.

enum { first_chunk = 64 * 1024, largest_chunk = 1024 * 1024, large_block = 32 * 1024 };

typedef struct chunk {
    struct chunk *next;
    size_t size;
    size_t used;
    size_t padding;  // keeps `data` 16-byte aligned
    unsigned char data[];
} chunk;

// Every block has its size and kind just before it; a large block also has its list links.
typedef struct {
    size_t size;
    size_t is_large;
} block_header;

typedef struct large {
    struct large *previous;
    struct large *next;
    block_header header;
} large;

static _Thread_local struct {
    chunk *chunks;  // the one being carved first
    large *larges;
    size_t bytes;
    int depth;
} arena;

static size_t rounded(size_t size) { return (size + 15) & ~(size_t)15; }

static block_header *header_of(void *payload) { return (block_header *)payload - 1; }

static void *large_alloc(size_t size) {
    if (size > SIZE_MAX - sizeof(large)) return NULL;
    large *block = malloc(sizeof(large) + size);
    if (!block) return NULL;
    block->header = (block_header){size, 1};
    block->previous = NULL;
    block->next = arena.larges;
    if (arena.larges) arena.larges->previous = block;
    arena.larges = block;
    arena.bytes += size;
    return block + 1;
}

static void large_free(void *payload) {
    large *block = (large *)payload - 1;
    if (block->previous) block->previous->next = block->next;
    else arena.larges = block->next;
    if (block->next) block->next->previous = block->previous;
    arena.bytes -= block->header.size;
    free(block);
}

static void *small_alloc(size_t size) {
    size_t need = sizeof(block_header) + rounded(size);
    chunk *current = arena.chunks;
    if (!current || current->size - current->used < need) {
        size_t grown = current ? current->size * 2 : first_chunk;
        size_t bytes = grown > largest_chunk ? largest_chunk : grown;
        if (bytes < need) bytes = need;
        chunk *fresh = malloc(sizeof(chunk) + bytes);
        if (!fresh) return NULL;
        fresh->next = current;
        fresh->size = bytes;
        fresh->used = 0;
        arena.chunks = fresh;
        arena.bytes += bytes;
        current = fresh;
    }
    block_header *header = (block_header *)(current->data + current->used);
    current->used += need;
    *header = (block_header){size, 0};
    return header + 1;
}

static void *arena_alloc(size_t size) {
    return size >= large_block ? large_alloc(size) : small_alloc(size);
}

static void *arena_calloc(size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    void *payload = arena_alloc(count * size);
    if (payload) memset(payload, 0, count * size);
    return payload;
}

static void *arena_realloc(void *payload, size_t size) {
    if (!payload) return arena_alloc(size);
    block_header *header = header_of(payload);
    size_t old = header->size;
    if (header->is_large && size >= large_block) {
        large *block = (large *)payload - 1;
        large *previous = block->previous, *next = block->next;
        large *moved = realloc(block, sizeof(large) + size);
        if (!moved) return NULL;
        moved->header.size = size;
        if (previous) previous->next = moved;
        else arena.larges = moved;
        if (next) next->previous = moved;
        arena.bytes = arena.bytes - old + size;
        return moved + 1;
    }
    // The last block carved from the current chunk grows or shrinks where it is.
    chunk *current = arena.chunks;
    if (!header->is_large && size < large_block && current
        && (unsigned char *)payload + rounded(old) == current->data + current->used
        && rounded(size) <= rounded(old) + (current->size - current->used)) {
        current->used = current->used - rounded(old) + rounded(size);
        header->size = size;
        return payload;
    }
    void *fresh = arena_alloc(size);
    if (!fresh) return NULL;
    memcpy(fresh, payload, old < size ? old : size);
    if (header->is_large) large_free(payload);
    return fresh;
}

static void arena_free(void *payload) {
    if (payload && header_of(payload)->is_large) large_free(payload);
}

static cmark_mem arena_memory = {arena_calloc, arena_realloc, arena_free};

void notesite_cmark_arena_enter(void) { arena.depth += 1; }

void notesite_cmark_arena_leave(void) {
    if (arena.depth <= 0 || --arena.depth > 0) return;
    while (arena.chunks) {
        chunk *next = arena.chunks->next;
        free(arena.chunks);
        arena.chunks = next;
    }
    while (arena.larges) {
        large *next = arena.larges->next;
        free(arena.larges);
        arena.larges = next;
    }
    arena.bytes = 0;
}

cmark_mem *notesite_cmark_memory(void) {
    return arena.depth > 0 ? &arena_memory : cmark_get_default_mem_allocator();
}

size_t notesite_cmark_arena_bytes(void) { return arena.bytes; }
