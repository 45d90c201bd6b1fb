#!/usr/bin/env python3
"""Writes a RAR 4.x archive whose files are stored (method 0x30, no compression).

Purpose: a fixture for the batch tests. `grader batch` reads every format
libarchive reads, RAR included, but libarchive cannot write RAR, so the test
grades a committed .rar made by this script (tests/batch/carol.rar):

    python3 tests/batch/make_rar.py tests/batch/carol.rar \
        carol/01-naive-kernel/matmul_naive.cu=solutions/01-naive-kernel/matmul_naive.cu

Each ENTRY=FILE argument stores FILE under the name ENTRY; the folders above
each entry get their own folder entries first. Names are written as WinRAR
on Windows writes them (host OS Windows, backslash separators), which
readers turn into '/'. Times are fixed, so the output depends only on the
arguments.

Non-goals: compression, RAR 5, Unicode names, encryption, volumes, and
anything a test does not need. The layout is RARFILE 2.9's "technote.txt":
a marker block, an archive header, one file header (plus data) per entry and
an end block; each header starts with the low 16 bits of the CRC-32 of the
header's bytes after that field.
"""
import struct
import sys
import zlib

MARKER = b"Rar!\x1a\x07\x00"
MAIN_HEAD, FILE_HEAD, END_HEAD = 0x73, 0x74, 0x7B
LONG_BLOCK = 0x8000           # a file header: ADD_SIZE (the packed size) follows HEAD_SIZE
DIRECTORY = 0x00E0            # the dictionary bits all set: a folder
SKIP_IF_UNKNOWN = 0x4000      # the end block's required flag
HOST_WINDOWS, METHOD_STORE, UNPACK_VERSION = 2, 0x30, 29
ATTR_FILE, ATTR_FOLDER = 0x20, 0x10
DOS_TIME = (2024 - 1980) << 25 | 9 << 21 | 1 << 16 | 12 << 11  # 2024-09-01 12:00:00


def block(head_type, flags, body):
    """One block: HEAD_CRC, then HEAD_TYPE, HEAD_FLAGS, HEAD_SIZE and `body`."""
    rest = struct.pack("<BHH", head_type, flags, 2 + 5 + len(body)) + body
    return struct.pack("<H", zlib.crc32(rest) & 0xFFFF) + rest


def file_block(name, data, folder):
    """A file header for `name` (with '/' separators) and its stored `data`."""
    stored = name.replace("/", "\\").encode("ascii")
    body = struct.pack("<IIBIIBBHI", len(data), len(data), HOST_WINDOWS, zlib.crc32(data) if data else 0, DOS_TIME,
                       UNPACK_VERSION, METHOD_STORE, len(stored), ATTR_FOLDER if folder else ATTR_FILE)
    flags = LONG_BLOCK | (DIRECTORY if folder else 0)
    # PACK_SIZE is the header's ADD_SIZE: it sits right after HEAD_SIZE, inside the CRC'd bytes.
    return block(FILE_HEAD, flags, body + stored) + data


def archive(entries):
    """The archive's bytes for `entries`, a list of (name, data), with a folder entry above each."""
    out = MARKER + block(MAIN_HEAD, 0, b"\x00" * 6)
    folders = []
    for name, _ in entries:
        parts = name.split("/")[:-1]
        for depth in range(1, len(parts) + 1):
            folder = "/".join(parts[:depth])
            if folder not in folders:
                folders.append(folder)
    for folder in folders:
        out += file_block(folder, b"", True)
    for name, data in entries:
        out += file_block(name, data, False)
    return out + block(END_HEAD, SKIP_IF_UNKNOWN, b"")


def main(argv):
    if len(argv) < 3 or any("=" not in a for a in argv[2:]):
        sys.exit("usage: make_rar.py OUT.rar ENTRY=FILE...")
    entries = []
    for arg in argv[2:]:
        name, path = arg.split("=", 1)
        with open(path, "rb") as f:
            entries.append((name, f.read()))
    with open(argv[1], "wb") as f:
        f.write(archive(entries))


if __name__ == "__main__":
    main(sys.argv)
