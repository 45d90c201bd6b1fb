"""The student kit's dev container (the kit.export_student.devcontainer test):
.devcontainer/devcontainer.json is JSON (no comments, no trailing commas), a
Debian image, the C/C++ and CMake Tools extensions; its lifecycle commands,
in the order the container runs them, are the command lines of the README's
sh block, word for word; and they run: the install script (as root, as the
container's user is) with apt-get faked, and the build command's configure
in a clean copy of the kit.
Usage: devcontainer.py KIT WORK   (KIT: an exported student kit; exit 0 all good)"""
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kit_commands import clean_copy, fail, load_json, install_packages, readme_commands, run, step  # noqa: E402

LIFECYCLE = ["onCreateCommand", "updateContentCommand", "postCreateCommand", "postStartCommand", "postAttachCommand"]


def main():
    if len(sys.argv) != 3:
        fail(__doc__)
    kit, work = (os.path.abspath(a) for a in sys.argv[1:])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    step("devcontainer.json")
    container = load_json(os.path.join(kit, ".devcontainer", "devcontainer.json"), "devcontainer.json")
    image = container.get("image", "")
    if "debian" not in image and "bookworm" not in image:
        fail("the image %r is not Debian's" % image)
    extensions = container.get("customizations", {}).get("vscode", {}).get("extensions", [])
    for wanted in ("ms-vscode.cpptools", "ms-vscode.cmake-tools"):
        if wanted not in extensions:
            fail("the extensions %r lack %s" % (extensions, wanted))
    commands = [container[key] for key in LIFECYCLE if key in container]
    if not all(isinstance(c, str) for c in commands):
        fail("each lifecycle command should be one shell line, as the README's are: %r" % commands)
    print("image %s, extensions %s" % (image, " ".join(extensions)))

    step("its commands are the README's")
    readme = readme_commands(os.path.join(kit, "README.md"))
    print("README: %r\ncontainer: %r" % (readme, commands))
    if commands != readme:
        fail("the container's commands %r are not the README's %r" % (commands, readme))
    install = next((c for c in commands if "scripts/install-deps.sh" in c), None)
    build = next((c for c in commands if "cmake --build" in c), None)
    if install is None or build is None or commands.index(install) > commands.index(build):
        fail("the container should install the packages, then build the kit")
    if container.get("remoteUser") != "root" and not install.startswith("sudo "):
        fail("the install script runs as root; the container's user is %r" % container.get("remoteUser"))

    step("they run: the install script (apt-get faked), the build's configure in a clean copy")
    script = install.split()[-1]
    packages = install_packages(os.path.join(kit, script), work)
    print("'%s' installs: %s" % (install, " ".join(packages)))
    configure = build.split("&&")[0].strip()
    copy = clean_copy(kit, os.path.join(work, "kit"))
    code, output, seconds = run(configure, copy, 600)
    if code != 0 or not os.path.exists(os.path.join(copy, "build", "CMakeCache.txt")):
        print(output[-4000:])
        fail("'%s' failed in a clean copy of the kit (exit %d)" % (configure, code))
    print("'%s' configured a clean copy in %.0f s" % (configure, seconds))
    step("done")


if __name__ == "__main__":
    main()
