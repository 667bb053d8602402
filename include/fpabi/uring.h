// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SC_IOURING_WRITE's ring: an io_uring of one entry with one write
 * queued, IOSQE_ASYNC, so that an io-wq worker makes it: a thread of
 * the task that never leaves the kernel (PF_IO_WORKER, PF_USER_WORKER),
 * cloned from the task inside its io_uring_enter() the first time
 * (create_io_thread(): copy_process() with a kernel function, the FP
 * code's kernel-thread branches: arm64's copy_thread(), x86's
 * fpu_clone(minimal)).  The worker writes to /dev/urandom, which mixes
 * the bytes with BLAKE2s (x86: SIMD under kernel_fpu_begin(), in the
 * worker).  The probe (NEED_IOURING) makes the ring as the tracee does.
 */
#ifndef FPABI_URING_H
#define FPABI_URING_H

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/io_uring.h>

struct fpabi_uring {
	int fd;			/* the ring's */
	volatile int32_t *res;	/* its completion's result, -1 until then */
};

/* a ring of one entry whose two rings one mapping holds
 * (IORING_FEAT_SINGLE_MMAP, 5.4), its parameters in *p: its fd, or
 * -errno */
static inline int fpabi_uring_setup(struct io_uring_params *p)
{
	int fd;

	memset(p, 0, sizeof(*p));
	fd = (int)syscall(SYS_io_uring_setup, 1, p);
	if (fd < 0)
		return -errno;
	if (!(p->features & IORING_FEAT_SINGLE_MMAP)) {
		close(fd);
		return -EOPNOTSUPP;
	}
	return fd;
}

/* a ring with a write of len bytes at buf to fd queued (its SQ tail
 * moved: the next io_uring_enter(fd, 1, 1, IORING_ENTER_GETEVENTS)
 * submits it and waits for it); 0, or -errno */
static inline int fpabi_uring_write(struct fpabi_uring *u, int fd,
				    const void *buf, unsigned len)
{
	struct io_uring_params p;
	struct io_uring_sqe *sqe;
	size_t sz;
	uint8_t *r;
	int e;

	u->fd = fpabi_uring_setup(&p);
	if (u->fd < 0)
		return u->fd;
	sz = p.sq_off.array + p.sq_entries * sizeof(uint32_t);
	if (sz < p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe))
		sz = p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe);
	r = mmap(NULL, sz, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
		 u->fd, IORING_OFF_SQ_RING);
	sqe = mmap(NULL, sizeof(*sqe), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_POPULATE, u->fd, IORING_OFF_SQES);
	if (r == MAP_FAILED || sqe == MAP_FAILED) {
		e = errno;
		close(u->fd);
		return -e;
	}
	memset(sqe, 0, sizeof(*sqe));
	sqe->opcode = IORING_OP_WRITE;
	sqe->flags = IOSQE_ASYNC;
	sqe->fd = fd;
	sqe->addr = (uintptr_t)buf;
	sqe->len = len;
	u->res = (volatile int32_t *)(r + p.cq_off.cqes +
				      offsetof(struct io_uring_cqe, res));
	*u->res = -1;
	*(uint32_t *)(r + p.sq_off.array) = 0;
	__atomic_store_n((uint32_t *)(r + p.sq_off.tail), 1, __ATOMIC_RELEASE);
	return 0;
}

#endif
