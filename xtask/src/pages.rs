//! `cargo xtask pages`: the site's pages from one layout and one content file per page and
//! language (docs/pages.md).
//!
//! - `pages/layout.html` is the one layout (head, chapters' bar, language switch, footer), a
//!   MiniJinja template; `pages/<tag>/<page>.html` is a page's content in a language: the blocks
//!   the layout leaves open (title, description, nav, masthead, head, main). Put together, they
//!   are written to `target/pages/` (Trunk copies it into the root of dist/, index.html).
//! - The languages are those with a words file (`words/<tag>.json`, which also holds the layout's
//!   own words, `site.*`) and a folder of content files; the first of [`DEFAULT`] is served at the
//!   root and is every page's `x-default`. Each page's `hreflang` links and language switch name
//!   the languages that have it.
//! - `cargo xtask pages import <file.html> <tag> <page>` turns a whole page written by hand (the
//!   older form, a copy of a Spanish page translated) into its content file ([`import`]).
//! - `cargo xtask pages check` compares every language's pages with the default language's
//!   ([`check`]).

mod check;
mod import;

use minijinja::{Environment, UndefinedBehavior, Value};
use serde_json::{json, Map};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

pub use check::check;
pub use import::import;

/// The default language: served at the root, every page's `x-default`, the reference of `check`.
pub const DEFAULT: &str = "en";

/// The kinds of page the layout knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The gallery: a masthead (the language switch, then the content's `masthead`), `main`.
    Gallery,
    /// The playground: as the gallery, with its own script and styles.
    Playground,
    /// A chapter: the chapters' bar (each chapter's `nav`), the article, the footer.
    Chapter,
    /// The example article: the switch inside the article, no footer.
    Article,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Gallery => "gallery",
            Kind::Playground => "playground",
            Kind::Chapter => "chapter",
            Kind::Article => "article",
        }
    }
}

/// A page of the site: its content file under `pages/<tag>/`, and where it is served.
#[derive(Clone, Copy, Debug)]
pub struct Page {
    /// The content file under `pages/<tag>/`, without `.html` (`chapters/flocking`).
    pub id: &'static str,
    pub kind: Kind,
    /// Where the default language's version is served (under dist/); another language's is
    /// `<tag>/` + [`Page::out`].
    pub default_out: &'static str,
    pub out: &'static str,
}

/// The pages, the chapters in the order of the chapters' bar.
pub const PAGES: [Page; 6] = [
    Page { id: "index", kind: Kind::Gallery, default_out: "index.html", out: "index.html" },
    Page { id: "embed", kind: Kind::Article, default_out: "www/embed.html", out: "embed.html" },
    Page {
        id: "chapters/flocking",
        kind: Kind::Chapter,
        default_out: "chapters/flocking.html",
        out: "chapters/flocking.html",
    },
    Page {
        id: "chapters/leader-queue-path",
        kind: Kind::Chapter,
        default_out: "chapters/leader-queue-path.html",
        out: "chapters/leader-queue-path.html",
    },
    Page {
        id: "chapters/bandada",
        kind: Kind::Chapter,
        default_out: "chapters/bandada.html",
        out: "chapters/bandada.html",
    },
    Page { id: "playground", kind: Kind::Playground, default_out: "playground.html", out: "playground.html" },
];

/// The page named `id` (`chapters/flocking`, with or without `.html`).
pub fn page(id: &str) -> Result<Page, String> {
    let id = id.trim_end_matches(".html").trim_start_matches("./");
    PAGES.iter().copied().find(|p| p.id == id).ok_or_else(|| {
        let ids: Vec<&str> = PAGES.iter().map(|p| p.id).collect();
        format!("no page `{id}`: the pages are {}", ids.join(", "))
    })
}

impl Page {
    /// Where the version in `tag` is served, under dist/.
    pub fn out_path(&self, tag: &str) -> String {
        if tag == DEFAULT {
            self.default_out.to_string()
        } else {
            format!("{tag}/{}", self.out)
        }
    }

    /// Its content file in `tag`.
    pub fn source(&self, root: &Path, tag: &str) -> PathBuf {
        root.join("pages").join(tag).join(format!("{}.html", self.id))
    }
}

/// The way from the page served at `from` to the one at `to` (both under dist/), as a relative
/// link: `index.html` stands for its folder (`es/`, `../`, `./`).
pub fn href(from: &str, to: &str) -> String {
    let from_dir: Vec<&str> = from.split('/').collect::<Vec<_>>().split_last().map_or(vec![], |(_, d)| d.to_vec());
    let mut to_parts: Vec<&str> = to.split('/').collect();
    let file = to_parts.pop().unwrap_or("");
    let file = if file == "index.html" { "" } else { file };
    let common = from_dir.iter().zip(&to_parts).take_while(|(a, b)| a == b).count();
    let mut s = "../".repeat(from_dir.len() - common);
    for d in &to_parts[common..] {
        s.push_str(d);
        s.push('/');
    }
    s.push_str(file);
    if s.is_empty() {
        "./".into()
    } else {
        s
    }
}

/// A language of the site: its tag and its words (its own, then its fallbacks', English last).
pub struct Language {
    pub tag: String,
    words: Vec<Map<String, serde_json::Value>>,
}

impl Language {
    /// A word of the layout (`site.language`): this language's, else a fallback's.
    pub fn word(&self, key: &str) -> Result<String, String> {
        self.words
            .iter()
            .find_map(|w| w.get(key).and_then(|v| v.as_str()))
            .map(str::to_string)
            .ok_or_else(|| format!("words/{}.json: no `{key}` (nor in its fallbacks)", self.tag))
    }
}

fn read_words(root: &Path, tag: &str) -> Result<Option<Map<String, serde_json::Value>>, String> {
    let path = root.join("words").join(format!("{tag}.json"));
    if !path.exists() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    match serde_json::from_str(&text) {
        Ok(serde_json::Value::Object(m)) => Ok(Some(m)),
        Ok(_) => Err(format!("{}: not a JSON object", path.display())),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// The site's languages: a folder `pages/<tag>/` and a words file `words/<tag>.json` each; the
/// default first, then by tag.
pub fn languages(root: &Path) -> Result<Vec<Language>, String> {
    let dir = root.join("pages");
    let mut tags = BTreeSet::new();
    for e in std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let e = e.map_err(|e| e.to_string())?;
        let name = e.file_name().to_string_lossy().to_string();
        if e.path().is_dir() && root.join("words").join(format!("{name}.json")).exists() {
            tags.insert(name);
        }
    }
    if !tags.contains(DEFAULT) {
        return Err(format!("pages/{DEFAULT}/: the default language's pages are missing"));
    }
    let mut out = Vec::new();
    for tag in std::iter::once(DEFAULT.to_string()).chain(tags.into_iter().filter(|t| t != DEFAULT)) {
        // Its words, then its fallbacks' (pt-BR → pt → en).
        let mut words = Vec::new();
        let mut t = tag.as_str();
        loop {
            if let Some(w) = read_words(root, t)? {
                words.push(w);
            }
            match t.rfind('-') {
                Some(i) => t = &t[..i],
                None => break,
            }
        }
        if tag != DEFAULT {
            words.extend(read_words(root, DEFAULT)?);
        }
        out.push(Language { tag, words });
    }
    Ok(out)
}

/// A content file's text, checked to be one: a whole page (the older form) is refused with the
/// command that converts it.
pub fn content(root: &Path, page: &Page, tag: &str) -> Result<Option<String>, String> {
    let path = page.source(root, tag);
    if !path.exists() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let head = text.trim_start().get(..20).unwrap_or("").to_ascii_lowercase();
    if head.starts_with("<!doctype") || head.starts_with("<html") {
        return Err(format!(
            "pages/{tag}/{}.html is a whole page, not a content file: convert it with\n  cargo xtask pages import pages/{tag}/{}.html {tag} {}",
            page.id, page.id, page.id
        ));
    }
    Ok(Some(text))
}

/// The site: every page in every language that has its content file, as (path under dist/, HTML).
/// With `skip_whole`, a whole page not converted yet counts as missing (the import's own check,
/// while other pages wait for theirs); else it is an error that says how to convert it.
pub fn render_all(root: &Path, skip_whole: bool) -> Result<Vec<(String, String)>, String> {
    let langs = languages(root)?;
    let layout_path = root.join("pages/layout.html");
    let layout = std::fs::read_to_string(&layout_path).map_err(|e| format!("{}: {e}", layout_path.display()))?;
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    // What `{{ … }}` writes is escaped for HTML text and quoted attributes (&, <, >, "), and no
    // more: MiniJinja's own HTML escaping also writes `/` as `&#x2f;`, which would put entities in
    // every link (and scripts/hooks/site-url.mjs reads the links as written).
    env.set_auto_escape_callback(|_| minijinja::AutoEscape::None);
    env.set_formatter(|out, _state, value| {
        let s = value.to_string();
        if value.is_safe() {
            return out.write_str(&s).map_err(Into::into);
        }
        let s = s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
        out.write_str(&s).map_err(Into::into)
    });
    env.add_template_owned("layout.html", layout).map_err(|e| format!("pages/layout.html: {e:#}"))?;

    // Every content file, as a child of the layout and on its own (to read its blocks).
    let mut have = Vec::new();
    let mut errors = Vec::new();
    for l in &langs {
        for p in &PAGES {
            match content(root, p, &l.tag) {
                Ok(Some(text)) => {
                    let name = format!("pages/{}/{}.html", l.tag, p.id);
                    let page = format!("{{% extends \"layout.html\" %}}{text}");
                    if let Err(e) = env.add_template_owned(name.clone(), page) {
                        errors.push(format!("{name}: {e:#}"));
                        continue;
                    }
                    if let Err(e) = env.add_template_owned(format!("blocks:{name}"), text) {
                        errors.push(format!("{name}: {e:#}"));
                        continue;
                    }
                    have.push((l.tag.clone(), p.id, name));
                }
                Ok(None) => {}
                Err(_) if skip_whole => {}
                Err(e) => errors.push(e),
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    let has = |tag: &str, id: &str| have.iter().any(|(t, i, _)| t == tag && *i == id);
    for p in &PAGES {
        if !has(DEFAULT, p.id) && !skip_whole {
            return Err(format!("pages/{DEFAULT}/{}.html is missing (every page has its default language's)", p.id));
        }
    }
    // A block of a content file, rendered alone (a chapter's `nav`).
    let block = |name: &str, block: &str| -> Result<String, String> {
        let t = env.get_template(&format!("blocks:{name}")).map_err(|e| format!("{name}: {e:#}"))?;
        let mut r = t.render_captured(Value::UNDEFINED).map_err(|e| format!("{name}: {e:#}"))?;
        r.with_state_mut(|s| s.render_block(block))
            .map(|s| s.trim().to_string())
            .map_err(|e| format!("{name}: {block}: {e:#}"))
    };

    let mut out = Vec::new();
    for l in &langs {
        for p in &PAGES {
            if !has(&l.tag, p.id) {
                continue;
            }
            let name = format!("pages/{}/{}.html", l.tag, p.id);
            let here = p.out_path(&l.tag);
            let alternates: Vec<serde_json::Value> = langs
                .iter()
                .filter(|o| has(&o.tag, p.id))
                .map(|o| {
                    Ok(json!({
                        "tag": o.tag,
                        "name": o.word("site.lang_name")?,
                        "href": href(&here, &p.out_path(&o.tag)),
                        "current": o.tag == l.tag,
                    }))
                })
                .collect::<Result<_, String>>()?;
            let mut chapters = Vec::new();
            for c in PAGES.iter().filter(|c| c.kind == Kind::Chapter) {
                // A chapter this language lacks: the default language's, in its language.
                let (tag, c_name) = if has(&l.tag, c.id) {
                    (l.tag.as_str(), format!("pages/{}/{}.html", l.tag, c.id))
                } else if has(DEFAULT, c.id) {
                    (DEFAULT, format!("pages/{DEFAULT}/{}.html", c.id))
                } else {
                    continue; // (not converted yet: `skip_whole`)
                };
                let mut entry = json!({
                    "href": href(&here, &c.out_path(tag)),
                    "nav": block(&c_name, "nav")?,
                    "current": c.id == p.id,
                });
                if tag != l.tag {
                    entry["lang"] = json!(tag);
                }
                chapters.push(entry);
            }
            let gallery = if has(&l.tag, "index") { l.tag.as_str() } else { DEFAULT };
            let ctx = json!({
                "lang": { "tag": l.tag, "name": l.word("site.lang_name")? },
                "kind": p.kind.name(),
                "root": "../".repeat(here.matches('/').count()),
                "alternates": alternates,
                "default": { "href": href(&here, &p.out_path(DEFAULT)) },
                "chapters": chapters,
                "home": href(&here, &PAGES[0].out_path(gallery)),
                "source": name,
                "w": {
                    "language": l.word("site.language")?,
                    "chapters": l.word("site.chapters")?,
                    "all_canvases": l.word("site.all_canvases")?,
                },
            });
            let t = env.get_template(&name).map_err(|e| format!("{name}: {e:#}"))?;
            let html = t.render(Value::from(minijinja::value::Serde(&ctx))).map_err(|e| format!("{name}: {e:#}"))?;
            out.push((here, html + "\n"));
        }
    }
    Ok(out)
}

/// `cargo xtask pages [--out DIR]`: every page into `DIR` (default `target/pages`), files that
/// did not change left as they are (Trunk's watcher sees no change), files of no page removed.
pub fn build(root: &Path, out: Option<&Path>) -> Result<(), String> {
    let out = out.map_or_else(|| root.join("target/pages"), Path::to_path_buf);
    let pages = render_all(root, false)?;
    let mut written = BTreeSet::new();
    let mut changed = 0;
    for (rel, html) in &pages {
        let path = out.join(rel);
        written.insert(path.clone());
        if std::fs::read_to_string(&path).ok().as_deref() == Some(html.as_str()) {
            continue;
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::write(&path, html).map_err(|e| format!("{}: {e}", path.display()))?;
        changed += 1;
    }
    let mut stale = 0;
    remove_others(&out, &written, &mut stale)?;
    eprintln!("pages: {} pages in {} ({changed} written, {stale} removed)", pages.len(), out.display());
    Ok(())
}

fn remove_others(dir: &Path, keep: &BTreeSet<PathBuf>, n: &mut usize) -> Result<(), String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Ok(()) };
    for e in entries {
        let p = e.map_err(|e| e.to_string())?.path();
        if p.is_dir() {
            remove_others(&p, keep, n)?;
            if std::fs::read_dir(&p).is_ok_and(|mut d| d.next().is_none()) {
                let _ = std::fs::remove_dir(&p);
            }
        } else if !keep.contains(&p) {
            std::fs::remove_file(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            *n += 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{href, languages, render_all, PAGES};
    use std::path::Path;

    fn root() -> &'static Path {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
    }

    /// The repository's pages render, each with its language, its alternates (itself among them)
    /// and a switch to every other language that has it; the content files hold no layout.
    #[test]
    fn the_site_renders_from_one_layout() {
        let site = render_all(root(), false).unwrap();
        let langs: Vec<String> = languages(root()).unwrap().into_iter().map(|l| l.tag).collect();
        assert!(langs.len() >= 2 && langs[0] == "en", "{langs:?}");
        assert!(site.len() >= PAGES.len() * 2, "{} pages", site.len());
        for p in &PAGES {
            let versions: Vec<&String> =
                langs.iter().filter(|t| site.iter().any(|(o, _)| *o == p.out_path(t))).collect();
            for tag in &versions {
                let (out, html) = site.iter().find(|(o, _)| *o == p.out_path(tag)).unwrap();
                assert_eq!(html.matches("<html lang=").count(), 1, "{out}");
                assert!(html.contains(&format!("<html lang=\"{tag}\">")), "{out}: <html lang>");
                let links = html.matches("<link rel=\"alternate\" hreflang=").count();
                assert_eq!(links, versions.len() + 1, "{out}: one alternate per language and x-default");
                for other in versions.iter().filter(|o| *o != tag) {
                    let href = href(out, &p.out_path(other));
                    assert!(
                        html.contains(&format!("<a href=\"{href}\" hreflang=\"{other}\"")),
                        "{out}: the switch to {other}"
                    );
                }
            }
        }
        for tag in &langs {
            for p in &PAGES {
                let Ok(text) = std::fs::read_to_string(p.source(root(), tag)) else { continue };
                for layout in
                    ["<html", "<head", "lang-switch", "chapter-bar", "class=\"wrap footer\"", "rel=\"alternate\""]
                {
                    assert!(!text.contains(layout), "pages/{tag}/{}.html holds the layout's {layout}", p.id);
                }
            }
        }
    }

    #[test]
    fn links_between_pages_are_relative() {
        assert_eq!(href("index.html", "es/index.html"), "es/");
        assert_eq!(href("es/index.html", "index.html"), "../");
        assert_eq!(href("index.html", "index.html"), "./");
        assert_eq!(href("chapters/flocking.html", "chapters/flocking.html"), "flocking.html");
        assert_eq!(href("chapters/flocking.html", "es/chapters/flocking.html"), "../es/chapters/flocking.html");
        assert_eq!(href("es/chapters/flocking.html", "chapters/flocking.html"), "../../chapters/flocking.html");
        assert_eq!(href("es/chapters/bandada.html", "es/index.html"), "../");
        assert_eq!(href("www/embed.html", "es/embed.html"), "../es/embed.html");
        assert_eq!(href("es/embed.html", "www/embed.html"), "../www/embed.html");
        assert_eq!(href("playground.html", "index.html"), "./");
    }
}
