#!/usr/bin/env python3
"""Writes a class download's entries as an input of the layouts fuzz target.

Purpose: seeds for tests/fuzz/corpus/layouts/ from real downloads (the kit's
examples, the LMS fixtures of examples/make-class.py --lms-fixtures), in the
target's format (fuzz_layouts.cpp): one line per entry, a kind letter
("f" file, "d" folder, "g" folder holding .git, "l" link) and its name, then
a line "===" and submission_metadata.yml, then a line "===" and the first
.txt entry's text (Blackboard's attempt file).

    python3 tests/fuzz/layout_seed.py examples/canvas > tests/fuzz/corpus/layouts/canvas

Non-goals: the entries' contents beyond those two files (the target writes
its own).
"""
import os
import sys


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: layout_seed.py FOLDER > SEED")
    folder = argv[1]
    lines, metadata, txt = [], b"", None
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if os.path.islink(path):
            kind = "l"
        elif os.path.isdir(path):
            kind = "g" if os.path.isdir(os.path.join(path, ".git")) else "d"
        else:
            kind = "f"
            if name == "submission_metadata.yml":
                with open(path, "rb") as f:
                    metadata = f.read()
            elif name.endswith(".txt") and txt is None:
                with open(path, "rb") as f:
                    txt = f.read()
        lines.append(f"{kind} {name}".encode("utf-8", "surrogateescape"))
    sys.stdout.buffer.write(b"\n".join(lines) + b"\n===\n" + metadata + b"\n===\n" + (txt or b""))


if __name__ == "__main__":
    main(sys.argv)
