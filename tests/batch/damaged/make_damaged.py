#!/usr/bin/env python3
"""Writes the damaged downloads `grader batch` must survive, into OUT.

Purpose: the fixtures of tests/batch/damaged_class.sh (CTest
kit.batch.damaged_class). Every kind of damaged input a student or an LMS
hands in, each an entry of its own beside two sound ones:

  OUT/class/       one folder or archive per student
    <format>-truncated.*, <format>-corrupt.*   each format libarchive reads
                     (zip, tar, tar.gz, tar.bz2, tar.xz, tar.zst, 7z, rar,
                     rar5), cut in half or with bytes flipped, from the real
                     archives in tests/fuzz/corpus/archive/
    rar-junk.rar     a RAR signature, then junk (the upload that once crashed the grader)
    names-cp1251.zip names in Windows-1251, not UTF-8; names-utf8.zip: in UTF-8
    empty.zip        0 bytes; huge.zip: 2 GB, sparse (made here, never committed)
    <kind>/01-naive-kernel/matmul_naive.cu   a lesson file that is empty, 2 GB
                     (sparse), a PDF, UTF-16 (Notepad's "Unicode"), or in
                     Windows-1251 (which is built)
    sound/, sound-archive.zip  the lesson 1 solution, to show the class around them is graded
  OUT/gradescope/  a Gradescope export whose submission_metadata.yml has
                   values of the wrong types
  OUT/roster_*.csv a roster without the name column, and one with an id twice

    python3 tests/batch/damaged/make_damaged.py KIT OUT

Non-goals: hostile submissions (tests/batch/hostile/, kit.batch.cli.*);
archives that are unsafe rather than damaged (tests/batch/test_archive.cpp).
"""
import os
import sys

FORMATS = [("zip", "ada.zip", ".zip"), ("tar", "ada.tar", ".tar"), ("tgz", "ada.tar.gz", ".tar.gz"),
           ("tbz", "ada.tar.bz2", ".tar.bz2"), ("txz", "ada.tar.xz", ".tar.xz"), ("tzst", "ada.tar.zst", ".tar.zst"),
           ("7z", "ada.7z", ".7z"), ("rar", "ada.rar", ".rar"), ("rar5", "ada-rar5.rar", ".rar")]
TWO_GB = 2 << 30


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def sparse(path, size):
    """A file of `size` bytes that takes no room: a hole, never written."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.truncate(size)


def flipped(data, start, count):
    """`data` with `count` bytes from `start` inverted."""
    out = bytearray(data)
    for i in range(start, min(start + count, len(out))):
        out[i] ^= 0xFF
    return bytes(out)


def corrupt(name, data):
    """The archive with bytes flipped where its format checks them: a tar's first header (with its
    checksum), a RAR's first file header (with its CRC), else the middle of the compressed data."""
    if name == "ada.tar":
        return flipped(data, 100, 60)
    if name.endswith(".rar"):  # stored, so the middle is a file's text: flip its first file header instead
        return flipped(data, 24, 8)
    return flipped(data, len(data) // 2, 24)


def main(argv):
    if len(argv) != 3:
        sys.exit("usage: make_damaged.py KIT OUT")
    kit, out = argv[1], argv[2]
    seeds = os.path.join(kit, "tests", "fuzz", "corpus", "archive")
    solution = open(os.path.join(kit, "solutions", "01-naive-kernel", "matmul_naive.cu"), "rb").read()
    cls = os.path.join(out, "class")
    for label, seed, ext in FORMATS:
        data = open(os.path.join(seeds, seed), "rb").read()
        write(os.path.join(cls, f"{label}-truncated{ext}"), data[: len(data) // 2])
        write(os.path.join(cls, f"{label}-corrupt{ext}"), corrupt(seed, data))
    write(os.path.join(cls, "rar-junk.rar"), b"Rar!\x1a\x07\x00" + bytes((i * 37 + 11) % 256 for i in range(4096)))
    for seed in ("names-cp1251.zip", "names-utf8.zip"):
        write(os.path.join(cls, seed), open(os.path.join(seeds, seed), "rb").read())
    write(os.path.join(cls, "empty.zip"), b"")
    sparse(os.path.join(cls, "huge.zip"), TWO_GB)
    lesson = os.path.join("01-naive-kernel", "matmul_naive.cu")
    write(os.path.join(cls, "empty-cu", lesson), b"")
    sparse(os.path.join(cls, "huge-cu", lesson), TWO_GB)
    write(os.path.join(cls, "pdf", lesson), b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n")
    write(os.path.join(cls, "utf16", lesson), b"\xff\xfe" + solution.decode("utf-8").encode("utf-16-le"))
    comment = "// Решение Ивана: по одному потоку на элемент C\n".encode("cp1251")
    write(os.path.join(cls, "cp1251", lesson), comment + solution)
    write(os.path.join(cls, "sound", lesson), solution)
    write(os.path.join(cls, "sound-archive.zip"), open(os.path.join(seeds, "ada.zip"), "rb").read())

    gs = os.path.join(out, "gradescope")
    for n in range(1, 6):
        write(os.path.join(gs, f"submission_{n}", "matmul_naive.cu"), solution)
    write(os.path.join(gs, "submission_metadata.yml"), """\
submission_1:
  :submitters: Ada Lovelace
submission_2:
  :submitters:
  - :name: [Zoe, Smith]
    :sid: {number: 1003}
    :email: zoe.smith@example.edu
submission_3:
- 1
- 2
submission_4:
  :submitters:
  - Grace Hopper
  - :name: Alan Turing
    :sid: '1005'
""".encode())

    write(os.path.join(out, "roster_no_name.csv"), b"id,email\n1001,ada@example.edu\n")
    write(os.path.join(out, "roster_duplicate_ids.csv"), "id,name\n1001,Ada Lovelace\n1002,Seán O'Brien\n1001,Zoë Smith\n".encode())


if __name__ == "__main__":
    main(sys.argv)
