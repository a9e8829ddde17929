//! One job per file: no Rust source file over 800 lines before its `#[cfg(test)]` tests, and no
//! web-shell file (`src/web/**`, `www/**/*.js`) over 600 lines. A file over its size fails here
//! with its name: split it by job (docs/architecture.md).

use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Generated files (not written by hand).
const GENERATED: &[&str] = &["www/words.js", "www/chart-words.js"];

fn walk(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, ext, out);
        } else if p.to_string_lossy().ends_with(ext) {
            out.push(p);
        }
    }
}

/// Lines before the first `#[cfg(test)]` at the start of a line (all lines if none).
fn code_lines(text: &str) -> usize {
    text.lines().take_while(|l| !l.starts_with("#[cfg(test)]")).count()
}

#[test]
fn no_file_is_over_its_size() {
    let root = Path::new(ROOT);
    let mut over = Vec::new();
    let mut rust = Vec::new();
    for dir in ["src", "crates/steerlab-core/src", "crates/steerlab-workload/src", "xtask/src"] {
        walk(&root.join(dir), ".rs", &mut rust);
    }
    let mut js = Vec::new();
    walk(&root.join("www"), ".js", &mut js);
    let files = rust.into_iter().map(|p| (p, ".rs")).chain(js.into_iter().map(|p| (p, ".js")));
    for (path, kind) in files {
        let rel = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        if GENERATED.contains(&rel.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let (n, limit) = if kind == ".js" || rel.starts_with("src/web/") {
            (if kind == ".rs" { code_lines(&text) } else { text.lines().count() }, 600)
        } else {
            (code_lines(&text), 800)
        };
        if n > limit {
            over.push(format!(
                "{rel}: {n} lines (at most {limit}{})",
                if kind == ".rs" { " before its tests" } else { "" }
            ));
        }
    }
    over.sort();
    assert!(over.is_empty(), "files over their size (split each by job):\n{}", over.join("\n"));
}

#[test]
fn code_lines_stop_at_the_tests() {
    assert_eq!(code_lines("a\nb\n#[cfg(test)]\nmod tests {}\n"), 2);
    assert_eq!(code_lines("a\n    #[cfg(test)]\nb\n"), 3);
}
