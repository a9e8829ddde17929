//! A still of a scenario as SVG, natively: the document the browser's `v.still("svg")` writes for
//! the same scenario, step, palette and language, byte for byte (same draw list, same numbers).
//!
//! ```text
//! cargo run --release --example still -- SCENARIO [STEP] [--lang es] [--theme dark] > out.svg
//! cargo run --release --example still -- --posters DIR
//! ```
//!
//! SCENARIO is a built-in name or a scenario JSON file. STEP (default 0) is the number of fixed
//! steps taken first, without drawing in between, as `mount(canvas, scenario)` with
//! `data-autoplay="false"` then `v.step(STEP)` does. The overlays are the scenario's own; the
//! palette is the theme's built-in one (`www/steerlab.css` without `--sl-*` overrides).
//!
//! `--posters DIR` writes the posters the pages show before the module has drawn (and without
//! JavaScript): every built-in scenario at step 0 — the viewer's first frame — in every shipped
//! language (its title, legend and labels are words), light and dark (`DIR/NAME.svg`,
//! `DIR/NAME.dark.svg` in English, `DIR/<tag>/NAME.svg`, `DIR/<tag>/NAME.dark.svg` for `es`, `fr`,
//! `pt`), and `DIR/posters.css`, which shows them in every `<canvas data-scenario="NAME">` in its
//! language until a viewer is mounted on it. Trunk's post_build hook runs
//! it (`scripts/hooks/posters.sh`).

use std::fmt::Write as _;
use std::process::ExitCode;

use steerlab::lang::Lang;
use steerlab::sim::draw::Overlays;
use steerlab::sim::palette::Palette;
use steerlab::sim::render::Renderer;
use steerlab::sim::Sim;

const USAGE: &str =
    "usage: still SCENARIO [STEP] [--lang en|es|fr|pt] [--theme light|dark] > out.svg\n       still --posters DIR";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("still: {e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let mut positional = Vec::new();
    let (mut lang, mut dark, mut posters) = (Lang::En, false, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |flag: &str| it.next().cloned().ok_or(format!("{flag} needs a value"));
        match a.as_str() {
            "-h" | "--help" => return Err("help".into()),
            "--lang" => {
                let tag = value("--lang")?;
                lang = Lang::shipped().find(|l| l.tag() == tag).ok_or_else(|| {
                    let tags: Vec<&str> = Lang::shipped().map(Lang::tag).collect();
                    format!("--lang: one of {}, got {tag:?}", tags.join(", "))
                })?;
            }
            "--theme" => {
                dark = match value("--theme")?.as_str() {
                    "light" => false,
                    "dark" => true,
                    other => return Err(format!("--theme: light or dark, got {other:?}")),
                }
            }
            "--posters" => posters = Some(value("--posters")?),
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ => positional.push(a.clone()),
        }
    }
    if let Some(dir) = posters {
        if !positional.is_empty() {
            return Err("--posters takes no scenario".into());
        }
        return write_posters(std::path::Path::new(&dir));
    }
    let (name, step) = match positional.as_slice() {
        [name] => (name, 0),
        [name, step] => {
            (name, step.parse::<u64>().map_err(|e| format!("STEP must be a whole number, got {step:?}: {e}"))?)
        }
        _ => return Err("give a scenario".into()),
    };
    let text = match steerlab::scenarios::builtin(name) {
        Some(t) => t.to_string(),
        None if name.ends_with(".json") || std::path::Path::new(name).is_file() => {
            std::fs::read_to_string(name).map_err(|e| format!("{name}: {e}"))?
        }
        None => {
            let known: Vec<&str> = steerlab::scenarios::names().collect();
            return Err(format!("no built-in scenario {name:?} and no such file; built-in: {}", known.join(", ")));
        }
    };
    print!("{}", svg(&text, step, lang, dark)?);
    Ok(())
}

/// The still of `text` after `step` steps.
fn svg(text: &str, step: u64, lang: Lang, dark: bool) -> Result<String, String> {
    let mut sim = Sim::from_json(text)?;
    for _ in 0..step {
        sim.step();
    }
    let ov = Overlays::from_list(&sim.scenario().overlays);
    Ok(steerlab::svg::still(&sim, &mut Renderer::new(), ov, &Palette::builtin(dark), lang))
}

fn write_posters(dir: &std::path::Path) -> Result<(), String> {
    // English at the top, every other shipped language in its folder (`es/`, `fr/`, `pt/`).
    let langs: Vec<(Lang, std::path::PathBuf, String)> = Lang::shipped()
        .map(|l| {
            let sub = if l == Lang::En { String::new() } else { format!("{}/", l.tag()) };
            (l, dir.join(&sub), sub)
        })
        .collect();
    for (_, sub, _) in &langs {
        std::fs::create_dir_all(sub).map_err(|e| format!("{}: {e}", sub.display()))?;
    }
    let mut css = String::from(POSTERS_CSS_HEAD);
    let mut dark_rules = String::new();
    for name in steerlab::scenarios::names() {
        let text = steerlab::scenarios::builtin(name).ok_or("built-in scenario vanished")?;
        for (lang, sub, _) in &langs {
            for (dark, suffix) in [(false, ""), (true, ".dark")] {
                let file = sub.join(format!("{name}{suffix}.svg"));
                std::fs::write(&file, svg(text, 0, *lang, dark)?).map_err(|e| format!("{}: {e}", file.display()))?;
            }
        }
        let world = Sim::from_json(text)?.world().size();
        // The box has the world's aspect at once (no jump when the viewer takes over); the picture
        // only once boot.js marked the canvas as near the viewport (`SHOWN`), so that a page
        // with many canvases does not load every poster before its module.
        let _ = writeln!(
            css,
            "canvas[data-scenario=\"{name}\"]:not(.steerlab-canvas):not([data-scenario-json]){{aspect-ratio:{}/{}}}",
            world.x, world.y
        );
        // Not for a canvas that starts elsewhere (another seed, its own JSON, set values, a step).
        let base = format!("canvas[data-scenario=\"{name}\"]{SHOWN}{UNMOUNTED}");
        // One rule a language: the canvas's own (data-lang), else the page's (:lang).
        let rules = |extra: &str, suffix: &str| {
            let mut out = String::new();
            for (lang, _, sub) in &langs {
                let sel = if *lang == Lang::En {
                    format!("{base}{extra}")
                } else {
                    let t = lang.tag();
                    format!("{base}{extra}:lang({t}):not([data-lang]),{base}{extra}[data-lang^=\"{t}\"]")
                };
                let _ = writeln!(out, "{sel}{{background-image:url(\"{sub}{name}{suffix}.svg\")}}");
            }
            out
        };
        css.push_str(&rules("", ""));
        dark_rules.push_str(&rules(":not([data-theme=\"light\"]):not(.steerlab-poster-light)", ".dark"));
        css.push_str(&rules(":is([data-theme=\"dark\"],.steerlab-poster-dark)", ".dark"));
    }
    let _ = write!(css, "@media (prefers-color-scheme:dark){{\n{dark_rules}}}\n}}\n");
    let file = dir.join("posters.css");
    std::fs::write(&file, css).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(())
}

/// An unmounted canvas whose poster may load: boot.js gives this class to the ones near the
/// viewport; `data-poster="eager"` (for the first canvases of a page) loads it with the page.
const SHOWN: &str = ":is(.steerlab-poster-shown,[data-poster=\"eager\"])";

/// A canvas whose first frame is the built-in scenario's step 0 and that no viewer drew yet.
const UNMOUNTED: &str =
    ":not(.steerlab-canvas):not([data-seed]):not([data-scenario-json]):not([data-set]):not([data-step])";

const POSTERS_CSS_HEAD: &str = "/* Posters: each built-in scenario's first frame as an SVG still (written by
   `cargo run --example still -- --posters DIR`), shown in its canvas until a viewer is mounted
   on it (the viewer adds .steerlab-canvas), in the canvas's language and theme (for the auto
   theme, boot.js marks the canvas .steerlab-poster-dark or -light from the page's background,
   as the viewer decides; without it, the reader's colour scheme). Each SVG image
   costs the page some parsing, so not every poster loads with the page: those of canvases with
   data-poster=\"eager\" do (a page's first canvases), and boot.js marks the others with
   .steerlab-poster-shown as they come near the viewport until the module is ready. Without
   JavaScript the canvases are hidden and a <noscript><img class=\"steerlab-poster\"> shows the
   same picture. */
@media (scripting:none){canvas[data-scenario]:not(.steerlab-canvas){display:none}}
.steerlab-poster{display:block;width:100%;height:auto;border-radius:6px}
@media (scripting:enabled){
canvas[data-scenario]:not(.steerlab-canvas){display:block;width:100%;height:auto;border-radius:6px;background:center/contain no-repeat}
";
