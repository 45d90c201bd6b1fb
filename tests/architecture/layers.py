#!/usr/bin/env python3
"""The grader's folders stay in their layers.

Reads the ```layers block of docs/architecture.md (a line per layer, the
highest first) and every #include "..." of grader/. Fails on an include of a
folder on the same line or a higher one, on a folder of grader/ that the
block does not place, and on a cycle of includes between files.
Non-goal: system or library headers (<...>), which are not the grader's.
Usage: layers.py REPO_ROOT
"""
import pathlib
import re
import sys

SOURCES = {".h", ".cpp", ".cu", ".in", ".hpp"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def read_layers(doc):
    """The layer of each folder: 0 for the lowest line of the block."""
    block = re.search(r"^```layers\n(.*?)^```", doc.read_text(), re.M | re.S)
    if not block:
        sys.exit(f"{doc}: no ```layers block")
    lines = [line.split() for line in block.group(1).splitlines() if line.strip()]
    return {folder: len(lines) - 1 - i for i, line in enumerate(lines) for folder in line}


def resolve(grader, source, written):
    """The file of grader/ an include names, or None for one outside it."""
    for candidate in (source.parent / written, grader / written):
        if candidate.is_file():
            return candidate.resolve()
    return None


def find_cycle(graph):
    """One cycle of the include graph as a list of files, or None."""
    state = {}
    for start in graph:
        if start in state:
            continue
        stack = [(start, iter(graph[start]))]
        path = [start]
        state[start] = "open"
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                state[node] = "done"
                stack.pop()
                path.pop()
            elif state.get(child) == "open":
                return path[path.index(child):] + [child]
            elif child not in state:
                state[child] = "open"
                stack.append((child, iter(graph.get(child, ()))))
                path.append(child)
    return None


def main():
    root = pathlib.Path(sys.argv[1]).resolve()
    grader = root / "grader"
    layers = read_layers(root / "docs" / "architecture.md")
    problems = []
    for folder in sorted(p.name for p in grader.iterdir() if p.is_dir()):
        holds_sources = any(f.suffix in SOURCES for f in (grader / folder).rglob("*"))
        if holds_sources and folder not in layers:
            problems.append(f"grader/{folder}/ has no layer in docs/architecture.md's layers block")
    graph = {}
    for source in sorted(grader.rglob("*")):
        if source.suffix not in SOURCES or not source.is_file():
            continue
        rel = source.relative_to(grader)
        own = rel.parts[0] if len(rel.parts) > 1 else None  # None: grader/main.cpp, above every layer
        text = source.read_text(errors="replace")
        graph[source.resolve()] = []
        for match in INCLUDE.finditer(text):
            written = match.group(1)
            target = resolve(grader, source, written)
            if target is None:
                continue
            graph[source.resolve()].append(target)
            other = target.relative_to(grader).parts[0]
            if own is None or other == own or other not in layers or own not in layers:
                continue
            if layers[other] >= layers[own]:
                line = text.count("\n", 0, match.start()) + 1
                way = "a higher layer than" if layers[other] > layers[own] else "the same layer as"
                problems.append(f"grader/{rel}:{line}: includes \"{written}\": {other}/ is on {way} {own}/")
    cycle = find_cycle(graph)
    if cycle:
        problems.append("a cycle of includes: " + " -> ".join(str(p.relative_to(grader)) for p in cycle))
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)
    print(f"{len(graph)} files of grader/ in {len(set(layers.values()))} layers: every include runs down, no cycle")


main()
