/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The counting window's markers, shared by the guest helper (sbmark) and the
 * plugin (slubcount). A marker is an 8-byte NOP, "nopl DISP(%rax,%rax,1)"
 * (0f 1f 84 00 + a 32-bit displacement), that does nothing on any x86 CPU.
 * Compilers pad with this NOP only with displacement 0, so the two
 * displacements below ("SBM+" and "SBM-" in little-endian ASCII) occur in no
 * code but sbmark's. The plugin recognises them when it translates them.
 */
#ifndef MARKER_H
#define MARKER_H

#define MARK_START_DISP 0x2b4d4253u  /* bytes 53 42 4d 2b: "SBM+" */
#define MARK_STOP_DISP  0x2d4d4253u  /* bytes 53 42 4d 2d: "SBM-" */
/* The plan begins (sbmark begin): what the guest does from here on is the
 * plan's; before it, the kernel's boot and the guest's own start-up. */
#define MARK_BEGIN_DISP 0x3d4d4253u  /* bytes 53 42 4d 3d: "SBM=" */
#define MARK_BYTES(d) { 0x0f, 0x1f, 0x84, 0x00, \
	(d) & 0xff, ((d) >> 8) & 0xff, ((d) >> 16) & 0xff, ((d) >> 24) & 0xff }

/* mark_of: +1 for the start marker's 8 bytes, -1 for the stop marker's,
 * 0 for any other instruction */
static inline int mark_of(const unsigned char d[8])
{
	static const unsigned char start[8] = MARK_BYTES(MARK_START_DISP);
	static const unsigned char stop[8] = MARK_BYTES(MARK_STOP_DISP);
	int s = 1, e = 1;

	for (int i = 0; i < 8; i++) {
		s &= d[i] == start[i];
		e &= d[i] == stop[i];
	}
	return s ? 1 : e ? -1 : 0;
}

/* mark_is_begin: 1 for the begin marker's 8 bytes (no window: mark_of
 * gives it 0) */
static inline int mark_is_begin(const unsigned char d[8])
{
	static const unsigned char begin[8] = MARK_BYTES(MARK_BEGIN_DISP);

	for (int i = 0; i < 8; i++)
		if (d[i] != begin[i])
			return 0;
	return 1;
}

#endif
