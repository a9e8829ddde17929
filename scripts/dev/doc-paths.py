#!/usr/bin/env python3
"""Every path the docs and the code's comments name exists: Markdown links (with their #anchors)
and `code` spans that look like repository paths, in README.md, pkg/README.md and docs/**/*.md;
and the repository paths named in the comments of the source files (Rust, JavaScript, TypeScript,
Python, shell and CSS under src/, crates/, www/, pkg/, scripts/, tests/, benches/, examples/,
xtask/): `// the clock (src/web/clock.rs)`, `# see www/boot.js`.

    python3 scripts/dev/doc-paths.py [file.md|file.rs|… …]

Prints one line per missing path or anchor (file:line) and exits 1 if there is any."""
import glob, os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOPS = ("src/", "www/", "crates/", "scripts/", "tests/", "docs/", "pages/", "examples/", "tools/",
        "words/", "scenarios/", "pkg/", "benches/", ".cargo/", ".ci/")
# Paths in other projects that the docs cite.
# eframe's repository; an Astro project's pages; glam's; the exported cargo projects' program.
ELSEWHERE = ("crates/eframe/", "src/pages/", "tests/support/macros.rs", "src/main.rs")
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


# A repository path in a comment: a top folder at the start of a word (not inside a URL or a longer
# path: `/steerlab/www/boot.js` is the package's layout, `dist/www/…` the build's), then a path.
COMMENT_PATH = re.compile(r"(?<![\w./@~-])((?:%s)[\w./-]*)" % "|".join(re.escape(t) for t in TOPS))
CODE = (".rs", ".js", ".mjs", ".ts", ".py", ".sh", ".css")
CODE_DIRS = ("src", "crates", "www", "pkg", "scripts", "tests", "benches", "examples", "xtask")


def comments(f):
    """(line number, comment text) of each line of a source file that has a comment."""
    hash_style = f.endswith((".py", ".sh"))
    in_block = False
    for i, line in enumerate(open(f, encoding="utf-8", errors="replace"), 1):
        text = line.strip()
        if hash_style:
            k = line.find("#")
            if k >= 0 and not line[:k].strip().startswith(("'", '"')):
                yield i, line[k + 1:]
            continue
        # (A block comment from its `/*` to its `*/`: a line of code may start with `*`.)
        if in_block or text.startswith("/*"):
            in_block = "*/" not in text
            yield i, text
            continue
        m = re.search(r"(?<![:\\])//", line)
        if m:
            yield i, line[m.end():]


def check_comments(f):
    bad = 0
    for i, text in comments(f):
        for p in COMMENT_PATH.findall(text):
            p = p.rstrip(".,;:")
            if p.startswith(ELSEWHERE) or "node_modules" in p or re.search(r"[<>*{}…]|\.\.\.", p):
                continue
            # From the repository's root, the package's (pkg/ and docs/ at its top), or a folder
            # the file is in (an example project's own files).
            bases = [os.path.join(ROOT, d) for d in PACKAGE] + [d for d in parents(f)]
            if not exists(p, bases):
                print(f"{os.path.relpath(f, ROOT)}:{i}: a comment names a missing path: {p}")
                bad += 1
    return bad


def parents(f):
    """The folders `f` is in, up to the repository's root."""
    d = os.path.dirname(f)
    while len(d) > len(ROOT):
        yield d
        d = os.path.dirname(d)


def tracked():
    """The repository's files (a build's output, e.g. examples/*/dist, is not the project's code),
    or None outside a git checkout."""
    import subprocess
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return {os.path.join(ROOT, f) for f in out.decode().split("\0") if f}


def code_files():
    out = []
    known = tracked()
    for d in CODE_DIRS:
        for f in glob.glob(os.path.join(ROOT, d, "**", "*"), recursive=True):
            if f.endswith(CODE) and "node_modules" not in f and os.sep + "target" + os.sep not in f:
                if known is None or f in known:
                    out.append(f)
    return sorted(out)


def main(files):
    bad = 0
    for f in files:
        if f.endswith(CODE):
            bad += check_comments(f)
            continue
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
        + sorted(glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True)) + code_files())
    sys.exit(main([os.path.abspath(f) for f in files]))
