"""Writes an LMS fixture's download (tests/batch/lms_fixtures/<name>/download.txt)
into a folder, the files' contents taken from the kit, so a fixture holds the
LMS's names, not copies of the solutions. One line per file:
    PATH IN THE DOWNLOAD <- SOURCE
where SOURCE is
    kit:RELATIVE/PATH               that file of the kit (solutions/..., starter/...)
    text:WORDS                      the words, with \\n for a line break
    zip:MEMBER=SOURCE|MEMBER=SOURCE a zip of those members (each SOURCE kit: or text:)
Blank lines and lines starting with # are skipped. Files are written in the
order listed, one second apart in their modification time (a later line is a
later upload).
Usage: make_download.py FIXTURE_FOLDER KIT OUT"""
import io
import os
import sys
import zipfile

START = 1735689600  # 2025-01-01 00:00:00 UTC: the first file's time


def content(source, kit):
    kind, _, rest = source.partition(":")
    if kind == "kit":
        with open(os.path.join(kit, rest), "rb") as f:
            return f.read()
    if kind == "text":
        return rest.replace("\\n", "\n").encode("utf-8")
    if kind == "zip":
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
            for member in rest.split("|"):
                name, _, inner = member.partition("=")
                info = zipfile.ZipInfo(name, date_time=(2025, 1, 1, 0, 0, 0))
                info.external_attr = 0o644 << 16
                z.writestr(info, content(inner, kit))
        return buffer.getvalue()
    sys.exit("unknown source '%s' (kit:, text: or zip:)" % source)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    fixture, kit, out = sys.argv[1:]
    written = 0
    with open(os.path.join(fixture, "download.txt"), encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if " <- " not in line:
                sys.exit("%s/download.txt:%d: expected 'PATH <- SOURCE'" % (fixture, number))
            path, source = line.split(" <- ", 1)
            target = os.path.join(out, path.strip())
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as g:
                g.write(content(source.strip(), kit))
            os.utime(target, (START + written, START + written))
            written += 1
    print("%s: %d files" % (out, written))


if __name__ == "__main__":
    main()
