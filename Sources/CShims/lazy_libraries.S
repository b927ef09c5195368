/* libvips and libmicrohttpd loaded on first use (x86_64 ELF). Each function they export
   (vips_symbols.h, mhd_symbols.h) is a small function here that jumps through its slot; an empty
   slot goes to notesite_lazy_slow, which keeps the caller's argument registers (variadic calls
   too: %al counts vector registers), has notesite_lazy_resolve load the library and fill the slot,
   and jumps on. Mapping libvips and the hundred libraries it needs costs about 16 MB of memory, and
   libmicrohttpd with GnuTLS about 2.5 MB: a vault without images never maps the first, a build
   never the second. Elsewhere Package.swift links both as usual and this file is empty. */
#if defined(__x86_64__) && defined(__ELF__)
        .text

        .macro NOTESITE_LAZY name, index
        .globl \name
        .hidden \name
        .type \name, @function
        .p2align 4
\name:
        movq notesite_lazy_slots+8*\index(%rip), %r11
        testq %r11, %r11
        jz 1f
        jmp *%r11
1:      movl $\index, %r11d
        jmp notesite_lazy_slow
        .size \name, .-\name
        .endm

/* One numbering for both lists, vips first, as lazy_libraries.c counts them. */
#define NOTESITE_VIPS(name) NOTESITE_LAZY name, __COUNTER__
#define NOTESITE_MHD(name) NOTESITE_LAZY name, __COUNTER__
#include "vips_symbols.h"
#include "mhd_symbols.h"

        /* Entered by a jump with the caller's return address on top: after pushing %rbp the
           stack is 16-byte aligned, and 192 bytes keep it so. */
        .p2align 4
        .type notesite_lazy_slow, @function
notesite_lazy_slow:
        pushq %rbp
        movq %rsp, %rbp
        subq $192, %rsp
        movq %rdi, 0(%rsp)
        movq %rsi, 8(%rsp)
        movq %rdx, 16(%rsp)
        movq %rcx, 24(%rsp)
        movq %r8, 32(%rsp)
        movq %r9, 40(%rsp)
        movq %rax, 48(%rsp)
        movdqa %xmm0, 64(%rsp)
        movdqa %xmm1, 80(%rsp)
        movdqa %xmm2, 96(%rsp)
        movdqa %xmm3, 112(%rsp)
        movdqa %xmm4, 128(%rsp)
        movdqa %xmm5, 144(%rsp)
        movdqa %xmm6, 160(%rsp)
        movdqa %xmm7, 176(%rsp)
        movl %r11d, %edi
        call notesite_lazy_resolve
        movq %rax, %r11
        movq 0(%rsp), %rdi
        movq 8(%rsp), %rsi
        movq 16(%rsp), %rdx
        movq 24(%rsp), %rcx
        movq 32(%rsp), %r8
        movq 40(%rsp), %r9
        movq 48(%rsp), %rax
        movdqa 64(%rsp), %xmm0
        movdqa 80(%rsp), %xmm1
        movdqa 96(%rsp), %xmm2
        movdqa 112(%rsp), %xmm3
        movdqa 128(%rsp), %xmm4
        movdqa 144(%rsp), %xmm5
        movdqa 160(%rsp), %xmm6
        movdqa 176(%rsp), %xmm7
        leave
        jmp *%r11
        .size notesite_lazy_slow, .-notesite_lazy_slow
#endif

#if defined(__ELF__)
        .section .note.GNU-stack, "", @progbits
#endif
