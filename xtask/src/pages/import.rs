//! `cargo xtask pages import <file.html> <tag> <page>`: a whole page written by hand (the older
//! form of the pages: head, language switch, chapters' bar and footer in every file, as
//! `pages/es/chapters/flocking.html` was) becomes its content file, `pages/<tag>/<page>.html`:
//! its title, description, the chapter's name in the chapters' bar, its own head lines and its
//! content, word for word; what the layout makes (head, language switch, chapters' bar, footer,
//! the wrappers around the content) is left out. The file may be the content file's own path: it
//! is converted in place. The page is then put in the layout once, to show it renders.

use super::{page, render_all, Kind};
use lol_html::html_content::ContentType;
use lol_html::{doctype, element, rewrite_str, text, RewriteStrSettings};
use std::cell::RefCell;
use std::path::Path;

/// Head lines the layout writes itself (by the file they name); any other stylesheet or module
/// script of the page's head goes into its `styles` or `scripts` block.
const LAYOUT_HEAD: [&str; 11] = [
    "favicon.svg",
    "gallery.css",
    "steerlab.css",
    "posters.css",
    "chapter.css",
    "playground.css",
    "steerlab.js",
    "steerlab_bg.wasm",
    "boot.js",
    "chapter.js",
    "playground.js",
];

#[derive(Debug, Default)]
struct Found {
    lang: Option<String>,
    title: String,
    description: Option<String>,
    nav: String,
    styles: Vec<String>,
    scripts: Vec<String>,
    dropped: Vec<String>,
}

/// Template syntax in the page's own text, written so that the template writes it as it is.
fn escape_template(s: &str) -> String {
    s.replace("{{", "\u{0}OPEN\u{0}")
        .replace("{%", "{{ '{%' }}")
        .replace("{#", "{{ '{#' }}")
        .replace("\u{0}OPEN\u{0}", "{{ '{{' }}")
}

/// The content file of a whole page of kind `kind` (and what was found in it).
fn convert(html: &str, kind: Kind) -> Result<(String, Found), String> {
    let found = RefCell::new(Found::default());
    let html = escape_template(html);
    fn keep(el: &mut lol_html::html_content::Element) -> lol_html::HandlerResult {
        el.remove_and_keep_content();
        Ok(())
    }
    let block = |name: &'static str| {
        move |el: &mut lol_html::html_content::Element| {
            el.remove_and_keep_content();
            el.prepend(&format!("{{% block {name} %}}"), ContentType::Html);
            el.append("{% endblock %}", ContentType::Html);
            Ok(())
        }
    };
    let (masthead, main) = match kind {
        Kind::Gallery | Kind::Playground => ("header.masthead > div.wrap", "main"),
        Kind::Chapter => ("", "main > article.chapter"),
        Kind::Article => ("", "article.prose"),
    };
    let mut handlers = vec![
        element!("html", |el| {
            found.borrow_mut().lang = el.get_attribute("lang");
            el.remove_and_keep_content();
            Ok(())
        }),
        text!("head > title", |t| {
            found.borrow_mut().title.push_str(t.as_str());
            Ok(())
        }),
        element!("head > meta[name='description']", |el| {
            found.borrow_mut().description = el.get_attribute("content");
            Ok(())
        }),
        element!("head > link[rel='stylesheet'], head > script[src]", |el| {
            let url = el.get_attribute("href").or_else(|| el.get_attribute("src")).unwrap_or_default();
            let file = url.rsplit('/').next().unwrap_or("");
            if !LAYOUT_HEAD.contains(&file) {
                let mut f = found.borrow_mut();
                if el.tag_name() == "link" {
                    f.styles.push(format!("<link rel=\"stylesheet\" href=\"{url}\">"));
                } else {
                    f.scripts.push(format!("<script type=\"module\" src=\"{url}\"></script>"));
                }
            }
            Ok(())
        }),
        element!("head", |el| {
            el.remove();
            Ok(())
        }),
        element!("body", keep),
        element!("nav.lang-switch", |el| {
            found.borrow_mut().dropped.push("the language switch".into());
            el.remove();
            Ok(())
        }),
        text!("header.chapter-bar nav.crumbs a[aria-current='page']", |t| {
            found.borrow_mut().nav.push_str(t.as_str());
            Ok(())
        }),
        element!("header.chapter-bar", |el| {
            found.borrow_mut().dropped.push("the chapters' bar".into());
            el.remove();
            Ok(())
        }),
        element!("body > footer", |el| {
            found.borrow_mut().dropped.push("the footer".into());
            el.remove();
            Ok(())
        }),
        element!(main, block("main")),
    ];
    match kind {
        Kind::Gallery | Kind::Playground => {
            handlers.push(element!("header.masthead", keep));
            handlers.push(element!(masthead, block("masthead")));
        }
        Kind::Chapter => handlers.push(element!("main", keep)),
        Kind::Article => {}
    }
    let mut settings = RewriteStrSettings::new().append_document_content_handler(doctype!(|d| {
        d.remove();
        Ok(())
    }));
    for h in handlers {
        settings = settings.append_element_content_handler(h);
    }
    let out = rewrite_str(&html, settings).map_err(|e| format!("not readable as HTML: {e}"))?;
    let found = found.into_inner();

    // The blocks, and nothing but white space around them.
    let mut blocks = Vec::new();
    let mut rest = out.as_str();
    while let Some(start) = rest.find("{% block ") {
        let outside = rest[..start].trim();
        if !outside.is_empty() {
            return Err(format!("text outside the page's content, which the layout would lose: {outside:.200}"));
        }
        let end = rest[start..].find("{% endblock %}").ok_or("a block without its end")? + start;
        // (Its first line starts on a line of its own; blank lines before and after it go.)
        let open_end = rest[start..].find("%}").ok_or("a block without its end")? + start + 2;
        let mut inner = &rest[open_end..end];
        while let Some(nl) = inner.find('\n').filter(|&nl| inner[..nl].trim().is_empty()) {
            inner = &inner[nl + 1..];
        }
        blocks.push(format!("{}\n{}\n{{% endblock %}}", &rest[start..open_end], inner.trim_end()));
        rest = &rest[end + "{% endblock %}".len()..];
    }
    if !rest.trim().is_empty() {
        return Err(format!("text outside the page's content, which the layout would lose: {:.200}", rest.trim()));
    }
    let want = if matches!(kind, Kind::Gallery | Kind::Playground) { 2 } else { 1 };
    if blocks.len() != want {
        return Err(format!(
            "a {} page has {} ({}), found {} of them",
            kind.name(),
            if want == 2 { "a masthead and a main part" } else { "one main part" },
            if want == 2 { "<header class=\"masthead\"><div class=\"wrap\">, <main>" } else { main },
            blocks.len()
        ));
    }
    let title = found.title.trim();
    if title.is_empty() {
        return Err("the page has no <title>".into());
    }
    let description = found.description.clone().ok_or("the page has no <meta name=\"description\">")?;
    let mut s =
        format!("{{% block title %}}{title}{{% endblock %}}\n{{% block description %}}{description}{{% endblock %}}\n");
    if kind == Kind::Chapter {
        let nav = found.nav.trim();
        if nav.is_empty() {
            return Err("a chapter names itself in its chapters' bar (<a aria-current=\"page\">): none found".into());
        }
        s.push_str(&format!("{{% block nav %}}{nav}{{% endblock %}}\n"));
    }
    for (name, lines) in [("styles", &found.styles), ("scripts", &found.scripts)] {
        if !lines.is_empty() {
            s.push_str(&format!("{{% block {name} %}}\n"));
            for l in lines {
                s.push_str(&format!("  {l}\n"));
            }
            s.push_str("{%- endblock %}\n");
        }
    }
    for b in blocks {
        s.push_str(&b);
        s.push('\n');
    }
    Ok((s, found))
}

/// `cargo xtask pages import <file.html> <tag> <page>`.
pub fn import(root: &Path, file: &Path, tag: &str, id: &str) -> Result<(), String> {
    let p = page(id)?;
    if !root.join("words").join(format!("{tag}.json")).exists() {
        return Err(format!(
            "`{tag}` has no words file (words/{tag}.json): a language of the site has one (docs/words.md, \"Adding a language\")"
        ));
    }
    let html = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let (text, found) = convert(&html, p.kind).map_err(|e| format!("{}: {e}", file.display()))?;
    if let Some(lang) = found.lang.as_deref().filter(|l| *l != tag) {
        eprintln!(
            "note: {} says <html lang=\"{lang}\">; its content file is under {tag}/, and the page says lang=\"{tag}\"",
            file.display()
        );
    }
    let dest = p.source(root, tag);
    if let Some(dir) = dest.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let before = std::fs::read_to_string(&dest).ok();
    std::fs::write(&dest, &text).map_err(|e| format!("{}: {e}", dest.display()))?;
    // Put in the layout: a content file that does not render is no content file.
    if let Err(e) = render_all(root, true) {
        match before {
            Some(b) => {
                let _ = std::fs::write(&dest, b);
            }
            None => {
                let _ = std::fs::remove_file(&dest);
            }
        }
        return Err(format!("{} did not render, left as it was:\n{e}", dest.display()));
    }
    let rel = dest.strip_prefix(root).unwrap_or(&dest).display().to_string();
    let same = file.canonicalize().ok() == dest.canonicalize().ok();
    eprintln!(
        "{rel}: {} ({}; left to the layout: {})",
        if same { "converted in place".to_string() } else { format!("the content of {}", file.display()) },
        p.kind.name(),
        if found.dropped.is_empty() { "nothing".to_string() } else { found.dropped.join(", ") }
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{convert, Kind};

    const CHAPTER: &str = r#"<!doctype html>
<html lang="fr">
<head>
  <meta charset="utf-8">
  <title>Nuées — steerlab</title>
  <meta name="description" content="Les boids &#x27;pas à pas&#x27;.">
  <link rel="stylesheet" href="../../www/chapter.css">
  <script type="module" src="../../www/chapter.js"></script>
</head>
<body>
  <header class="chapter-bar">
    <nav class="crumbs" aria-label="Chapitres">
      <a href="../">steerlab</a> ·
      <a href="flocking.html" aria-current="page">Nuées</a>
    </nav>
    <nav class="lang-switch" aria-label="Langue"><span>Français</span></nav>
  </header>
  <main>
  <article class="chapter">
    <h1>Nuées {{ pas }}</h1>
    <!-- a comment of the content -->
    <button class="try" data-set='{"separation.weight": 0}'>Essayer</button>
  </article>
  </main>
  <footer class="wrap footer"><p>steerlab</p></footer>
</body>
</html>
"#;

    #[test]
    fn a_whole_chapter_becomes_its_content() {
        let (text, found) = convert(CHAPTER, Kind::Chapter).unwrap();
        assert_eq!(found.lang.as_deref(), Some("fr"));
        assert_eq!(
            text,
            "{% block title %}Nuées — steerlab{% endblock %}\n\
             {% block description %}Les boids &#x27;pas à pas&#x27;.{% endblock %}\n\
             {% block nav %}Nuées{% endblock %}\n\
             {% block main %}\n    <h1>Nuées {{ '{{' }} pas }}</h1>\n    <!-- a comment of the content -->\n    \
             <button class=\"try\" data-set='{\"separation.weight\": 0}'>Essayer</button>\n{% endblock %}\n"
        );
        for part in ["the language switch", "the chapters' bar", "the footer"] {
            assert!(found.dropped.iter().any(|d| d == part), "{part}: {:?}", found.dropped);
        }
    }

    #[test]
    fn text_the_layout_would_lose_is_refused() {
        let page = CHAPTER.replace("</footer>", "</footer>\n  <p>after the footer</p>");
        let e = convert(&page, Kind::Chapter).unwrap_err();
        assert!(e.contains("after the footer"), "{e}");
        let e = convert(CHAPTER, Kind::Gallery).unwrap_err();
        assert!(e.contains("masthead"), "{e}");
    }
}
