/* libvips loaded on first use (x86_64 ELF). Each function libvips exports (vips_symbols.h) is a
   small function here that jumps through its slot; an empty slot goes to notesite_vips_slow,
   which keeps the caller's argument registers (variadic calls too: %al counts vector registers),
   has notesite_vips_resolve load libvips and fill the slot, and jumps on. Mapping libvips and the
   hundred libraries it needs costs about 20 MB of memory: a vault without images never pays it.
   Elsewhere Package.swift links libvips as usual and this file is empty. */
#if defined(__x86_64__) && defined(__ELF__)
        .text

        .macro NOTESITE_LAZY name, index
        .globl \name
        .hidden \name
        .type \name, @function
        .p2align 4
\name:
        movq notesite_vips_slots+8*\index(%rip), %r11
        testq %r11, %r11
        jz 1f
        jmp *%r11
1:      movl $\index, %r11d
        jmp notesite_vips_slow
        .size \name, .-\name
        .endm

#define NOTESITE_VIPS(name) NOTESITE_LAZY name, __COUNTER__
#include "vips_symbols.h"
#undef NOTESITE_VIPS

        /* Entered by a jump with the caller's return address on top: after pushing %rbp the
           stack is 16-byte aligned, and 192 bytes keep it so. */
        .p2align 4
        .type notesite_vips_slow, @function
notesite_vips_slow:
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
        call notesite_vips_resolve
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
        .size notesite_vips_slow, .-notesite_vips_slow
#endif

#if defined(__ELF__)
        .section .note.GNU-stack, "", @progbits
#endif
