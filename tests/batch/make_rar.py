#!/usr/bin/env python3
"""Writes a RAR 4.x (or, with --rar5, a RAR 5.0) archive whose files are stored, not compressed.

Purpose: a fixture for the batch tests. `grader batch` reads every format
libarchive reads, RAR included, but libarchive cannot write RAR, so the test
grades a committed .rar made by this script (tests/batch/carol.rar):

    python3 tests/batch/make_rar.py tests/batch/carol.rar \
        carol/01-naive-kernel/matmul_naive.cu=solutions/01-naive-kernel/matmul_naive.cu

Each ENTRY=FILE argument stores FILE under the name ENTRY; the folders above
each entry get their own folder entries first. `--rar5` before OUT.rar writes
RAR 5.0 instead (the fuzz target's seed, tests/fuzz/corpus/archive/). Names are written as WinRAR
on Windows writes them (host OS Windows, backslash separators), which
readers turn into '/'. Times are fixed, so the output depends only on the
arguments.

Non-goals: compression, Unicode names in RAR 4, encryption, volumes, and
anything a test does not need. The RAR 4 layout is RARFILE 2.9's
"technote.txt": a marker block, an archive header, one file header (plus
data) per entry and an end block; each header starts with the low 16 bits of
the CRC-32 of the header's bytes after that field. RAR 5.0's (rarlab.com's
"RAR 5.0 archive format") is alike: a signature, a main header, file headers
each followed by its data, an end header; each header is its CRC-32, then its
size and fields as variable-length integers (7 bits a byte, low first).
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


def folders_of(entries):
    """The folders above the entries' names, each once, parents first."""
    folders = []
    for name, _ in entries:
        parts = name.split("/")[:-1]
        for depth in range(1, len(parts) + 1):
            folder = "/".join(parts[:depth])
            if folder not in folders:
                folders.append(folder)
    return folders


def archive(entries):
    """The archive's bytes for `entries`, a list of (name, data), with a folder entry above each."""
    out = MARKER + block(MAIN_HEAD, 0, b"\x00" * 6)
    for folder in folders_of(entries):
        out += file_block(folder, b"", True)
    for name, data in entries:
        out += file_block(name, data, False)
    return out + block(END_HEAD, SKIP_IF_UNKNOWN, b"")


RAR5_SIGNATURE = b"Rar!\x1a\x07\x01\x00"
RAR5_MAIN, RAR5_FILE, RAR5_END = 1, 2, 5
RAR5_HAS_DATA = 0x0002                           # header flag: a data area follows the header
RAR5_DIRECTORY, RAR5_MTIME, RAR5_CRC = 0x1, 0x2, 0x4  # file flags
RAR5_HOST_UNIX = 1
UNIX_TIME = 1725192000                           # 2024-09-01 12:00:00 UTC


def vint(value):
    """RAR 5's variable-length integer: 7 bits a byte, the lowest first, the high bit set on all but the last."""
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def rar5_header(head_type, flags, fields):
    """One RAR 5 header: its CRC-32, its size, then the type, the flags and `fields`."""
    body = vint(head_type) + vint(flags) + fields
    sized = vint(len(body)) + body
    return struct.pack("<I", zlib.crc32(sized)) + sized


def rar5_file(name, data, folder):
    """A RAR 5 file header for `name` and its stored `data` (compression information 0: version 0, stored)."""
    stored = name.encode("utf-8")
    file_flags = RAR5_MTIME | (RAR5_DIRECTORY if folder else RAR5_CRC)
    fields = vint(len(data)) + vint(file_flags) + vint(len(data)) + vint(0o40755 if folder else 0o100644)
    fields += struct.pack("<I", UNIX_TIME) + (b"" if folder else struct.pack("<I", zlib.crc32(data)))
    fields += vint(0) + vint(RAR5_HOST_UNIX) + vint(len(stored)) + stored
    return rar5_header(RAR5_FILE, RAR5_HAS_DATA, fields) + data


def archive5(entries):
    """The RAR 5 archive's bytes for `entries`, with a folder entry above each."""
    out = RAR5_SIGNATURE + rar5_header(RAR5_MAIN, 0, vint(0))
    for folder in folders_of(entries):
        out += rar5_file(folder, b"", True)
    for name, data in entries:
        out += rar5_file(name, data, False)
    return out + rar5_header(RAR5_END, 0, vint(0))


def main(argv):
    rar5 = len(argv) > 1 and argv[1] == "--rar5"
    if rar5:
        argv = argv[:1] + argv[2:]
    if len(argv) < 3 or any("=" not in a for a in argv[2:]):
        sys.exit("usage: make_rar.py [--rar5] OUT.rar ENTRY=FILE...")
    entries = []
    for arg in argv[2:]:
        name, path = arg.split("=", 1)
        with open(path, "rb") as f:
            entries.append((name, f.read()))
    with open(argv[1], "wb") as f:
        f.write(archive5(entries) if rar5 else archive(entries))


if __name__ == "__main__":
    main(sys.argv)
