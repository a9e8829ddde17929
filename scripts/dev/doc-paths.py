#!/usr/bin/env python3
"""Every path the docs name exists: Markdown links (with their #anchors) and `code` spans that
look like repository paths, in README.md, pkg/README.md and docs/**/*.md (or the files given).

    python3 scripts/dev/doc-paths.py [file.md …]

Prints one line per missing path or anchor (file:line) and exits 1 if there is any."""
import glob, os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOPS = ("src/", "www/", "crates/", "scripts/", "tests/", "docs/", "pages/", "examples/", "tools/",
        "words/", "scenarios/", "pkg/", "benches/", "catalog/", ".cargo/", ".ci/")
# Paths in other projects that the docs cite.
ELSEWHERE = ("crates/eframe/", "src/pages/")  # eframe's repository; an Astro project's pages
# The package (scripts/package.sh) puts pkg/'s files and docs/reference/ at its top: its README and
# the reference name paths as the package has them.
PACKAGE = ("", "pkg", "docs")


def anchors(path):
    """GitHub's anchors of a Markdown file's headings."""
    out, seen = set(), {}
    for line in open(path, encoding="utf-8"):
        m = re.match(r"^#{1,6}\s+(.*?)\s*$", line)
        if not m:
            continue
        a = m.group(1).strip().lower()
        a = re.sub(r"[^\w\- ]", "", a).replace(" ", "-")
        n = seen.get(a, 0)
        seen[a] = n + 1
        out.add(a if n == 0 else f"{a}-{n}")
    text = open(path, encoding="utf-8").read()
    out.update(re.findall(r'<a (?:id|name)="([^"]+)"', text))
    return out


def exists(path, bases):
    return next((os.path.join(b, path) for b in bases if os.path.exists(os.path.join(b, path))), None)


def main(files):
    bad = 0
    for f in files:
        base = os.path.dirname(f)
        packaged = f.startswith(os.path.join(ROOT, "pkg") + os.sep) or "reference" in f
        roots = [os.path.join(ROOT, d) for d in (PACKAGE if packaged else ("",))]
        in_code = False
        for i, line in enumerate(open(f, encoding="utf-8"), 1):
            if line.lstrip().startswith("```"):
                in_code = not in_code
                continue
            if in_code:
                continue
            for target in re.findall(r"\]\(([^)\s]+)\)", line):
                if re.match(r"^[a-z]+:", target):
                    continue
                path, _, anchor = target.partition("#")
                full = os.path.normpath(os.path.join(base, path)) if path else f
                if not os.path.exists(full) and packaged:
                    full = exists(path, roots) or full
                if not os.path.exists(full):
                    print(f"{os.path.relpath(f, ROOT)}:{i}: link to a missing file: {target}")
                    bad += 1
                elif anchor and full.endswith(".md") and anchor not in anchors(full):
                    print(f"{os.path.relpath(f, ROOT)}:{i}: link to a missing heading: {target}")
                    bad += 1
            for span in re.findall(r"`([^`\s]+)`", line):
                p = re.split(r"[:#?]", span)[0].rstrip(".,;")
                if not p.startswith(TOPS) or p.startswith(ELSEWHERE) or "node_modules" in p \
                        or re.search(r"[<>*{}…]|\.\.\.", p):
                    continue
                if not exists(p, roots):
                    print(f"{os.path.relpath(f, ROOT)}:{i}: names a missing path: {span}")
                    bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    files = sys.argv[1:] or (
        [os.path.join(ROOT, "README.md"), os.path.join(ROOT, "pkg", "README.md")]
        + sorted(glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True)))
    sys.exit(main([os.path.abspath(f) for f in files]))
