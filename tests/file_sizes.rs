//! One job per file: no Rust source file over 800 lines of code, and no web-shell file
//! (`src/web/**`, `www/**/*.js`) over 600. A file's code is every line but an inline test module
//! at its end (`#[cfg(test)] mod tests { … }`); tests that live in a file of their own
//! (`#[cfg(test)] mod tests;`) are counted there, as that file's code. A file over its size
//! fails here with its name: split it by job (docs/architecture.md).

use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Generated files among those counted (not written by hand: each says so in its first lines).
/// None today: the generated files are JSON and Markdown (`www/code/templates/*.json`,
/// `words/words.schema.json`, `docs/words.md`), which this test does not count.
const GENERATED: &[&str] = &[];

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

/// The lines of code: all, but an inline test module (`#[cfg(test)]` at the start of a line, then
/// `mod …{`) and what follows it. A `#[cfg(test)] mod tests;` (tests in their own file) is code.
fn code_lines(text: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    let inline_tests = |k: usize| {
        lines[k].starts_with("#[cfg(test)]")
            && lines[k + 1..]
                .iter()
                .map(|l| l.trim())
                .find(|l| !l.is_empty() && !l.starts_with("#["))
                .is_some_and(|l| l.starts_with("mod ") && l.contains('{'))
    };
    (0..lines.len()).find(|&k| inline_tests(k)).unwrap_or(lines.len())
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
fn code_lines_stop_at_inline_tests_only() {
    assert_eq!(code_lines("a\nb\n#[cfg(test)]\nmod tests {}\n"), 2);
    assert_eq!(code_lines("a\nb\n#[cfg(test)]\n#[allow(x)]\nmod tests {\n}\n"), 2);
    assert_eq!(code_lines("a\n    #[cfg(test)]\nb\n"), 3);
    // Tests in their own file: this file is all code (the tests file is counted on its own).
    assert_eq!(code_lines("a\n#[cfg(test)]\nmod tests;\nb\nc\n"), 5);
    // A test-only item that is not the test module does not end the code.
    assert_eq!(code_lines("a\n#[cfg(test)]\nfn helper() {}\nb\n"), 4);
}

/// What GENERATED names exists and says it is generated (a hand-written file listed there would
/// escape the size limit).
#[test]
fn only_generated_files_are_listed_as_generated() {
    for rel in GENERATED {
        let text = std::fs::read_to_string(Path::new(ROOT).join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let head: String = text.lines().take(5).collect::<Vec<_>>().join("\n");
        assert!(head.to_lowercase().contains("generated"), "{rel} is listed as generated but does not say so");
    }
}
