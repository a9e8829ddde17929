//! Theming: which scheme a viewer uses (`data-theme="light|dark|auto"` on the canvas) and the
//! canvas colours, read from CSS custom properties so that a site can match its own colours.
//!
//! `www/steerlab.css` defines, on every `.steerlab` root, private variables `--_sl-*` from the
//! public `--sl-*` ones with the theme's defaults as fallbacks (`--_sl-canvas: var(--sl-canvas,
//! #f8fafc)`, other defaults under `.steerlab-dark`). The viewer reads the private ones from the
//! canvas's computed style, so a `--sl-*` value set anywhere above the canvas wins, and a page
//! without the stylesheet still gets the built-in palettes below.
//!
//! `auto` (the default): the page's own colours decide. The backgrounds of the canvas's ancestors
//! are composited from the innermost up to the first opaque one, over the browser's canvas colour
//! (dark only when the root's `color-scheme` allows dark and the reader prefers it, as the browser
//! itself decides); a composite darker than mid-grey (relative luminance < 0.18, where white text
//! starts to contrast more than black) gives the dark theme.

use super::paint::Palette;
use crate::sim::palette::{self, Colour};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, Document, Element, HtmlCanvasElement, Window};

/// Relative luminance below which a background counts as dark (WCAG: below ~0.179 white text
/// has more contrast than black text).
const DARK_BELOW: f64 = 0.179;

/// A 1×1 scratch canvas that turns any CSS colour the browser knows (`#abc`, `rgb()`, `oklch()`,
/// names, `color-mix()`) into RGBA bytes.
pub struct ColourReader {
    ctx: CanvasRenderingContext2d,
}

impl ColourReader {
    pub fn new(doc: &Document) -> Option<ColourReader> {
        let c: HtmlCanvasElement = doc.create_element("canvas").ok()?.dyn_into().ok()?;
        c.set_width(1);
        c.set_height(1);
        let opts = js_sys::Object::new();
        js_sys::Reflect::set(&opts, &"willReadFrequently".into(), &JsValue::TRUE).ok()?;
        let ctx = c.get_context_with_context_options("2d", &opts).ok()??.dyn_into().ok()?;
        Some(ColourReader { ctx })
    }

    /// The colour as RGBA bytes, or `None` when the text is not a CSS colour.
    pub fn rgba(&self, css: &str) -> Option<[u8; 4]> {
        let css = css.trim();
        if css.is_empty() {
            return None;
        }
        // An invalid colour leaves fillStyle unchanged: set it after two different colours and
        // compare what the browser kept.
        let kept = |before: &str| {
            self.ctx.set_fill_style_str(before);
            self.ctx.set_fill_style_str(css);
            self.ctx.fill_style().as_string()
        };
        if kept("#000000") != kept("#ffffff") {
            return None;
        }
        self.ctx.clear_rect(0.0, 0.0, 1.0, 1.0);
        self.ctx.fill_rect(0.0, 0.0, 1.0, 1.0);
        let d = self.ctx.get_image_data(0.0, 0.0, 1.0, 1.0).ok()?.data();
        Some([d[0], d[1], d[2], d[3]])
    }
}

/// Relative luminance of an sRGB colour given as 0..1 channels, with the transfer curve taken as
/// c² (within ~0.04 of WCAG's exact curve; this only decides dark or light, and `powf` would link
/// libm's `pow` into the module).
fn luminance(rgb: [f64; 3]) -> f64 {
    0.2126 * rgb[0] * rgb[0] + 0.7152 * rgb[1] * rgb[1] + 0.0722 * rgb[2] * rgb[2]
}

fn prefers_dark(window: &Window) -> bool {
    window.match_media("(prefers-color-scheme: dark)").ok().flatten().is_some_and(|m| m.matches())
}

/// The browser's own page background is dark: the page's colour schemes (the root's
/// `color-scheme`, else `<meta name="color-scheme">`) allow dark, and either name only dark or the
/// reader prefers dark.
fn page_canvas_dark(window: &Window, doc: &Document) -> bool {
    let css = doc
        .document_element()
        .and_then(|e| window.get_computed_style(&e).ok().flatten())
        .and_then(|s| s.get_property_value("color-scheme").ok())
        .unwrap_or_default();
    let scheme = if css.trim().is_empty() || css.trim() == "normal" {
        doc.query_selector("meta[name=\"color-scheme\"]")
            .ok()
            .flatten()
            .and_then(|m| m.get_attribute("content"))
            .unwrap_or_default()
    } else {
        css
    };
    // Words, not substrings: a `&str` pattern links core's two-way string searcher.
    let has = |w: &str| scheme.split_ascii_whitespace().any(|x| x == w);
    let (dark, light) = (has("dark"), has("light"));
    dark && (!light || prefers_dark(window))
}

/// Dark or light for `auto`: the composite of the ancestors' backgrounds (see the module notes).
fn auto_dark(window: &Window, doc: &Document, el: &Element, colours: &ColourReader) -> bool {
    let mut layers: Vec<[u8; 4]> = Vec::new();
    let mut cur = el.parent_element();
    while let Some(e) = cur {
        let bg =
            window.get_computed_style(&e).ok().flatten().and_then(|s| s.get_property_value("background-color").ok());
        if let Some(c) = bg.as_deref().and_then(|b| colours.rgba(b)) {
            if c[3] > 0 {
                layers.push(c);
                if c[3] == 255 {
                    break;
                }
            }
        }
        cur = e.parent_element();
    }
    let base = if page_canvas_dark(window, doc) { 0x12 as f64 / 255.0 } else { 1.0 };
    let mut rgb = [base; 3];
    for c in layers.iter().rev() {
        let a = c[3] as f64 / 255.0;
        for k in 0..3 {
            rgb[k] = c[k] as f64 / 255.0 * a + rgb[k] * (1.0 - a);
        }
    }
    luminance(rgb) < DARK_BELOW
}

/// Whether `canvas` gets the dark theme: its `data-theme`, else `auto`.
pub fn wants_dark(window: &Window, doc: &Document, canvas: &Element, colours: &ColourReader) -> bool {
    match canvas.get_attribute("data-theme").as_deref().map(str::trim) {
        Some("dark") => true,
        Some("light") => false,
        _ => auto_dark(window, doc, canvas, colours),
    }
}

/// The canvas palette: the `--_sl-*` variables the canvas inherits (`www/steerlab.css`), each
/// read as a colour (exactly for hex and `rgb()` text, through the browser for other CSS colours),
/// else the built-in colour of the theme (`crate::sim::palette`).
pub fn palette(window: &Window, canvas: &Element, dark: bool, colours: &ColourReader) -> Palette {
    let d = palette::Palette::builtin(dark);
    let style = window.get_computed_style(canvas).ok().flatten();
    let read = |name: &str, fallback: Colour| read_colour(style.as_ref(), colours, name, fallback);
    Palette::new(palette::Palette {
        background: read("--_sl-canvas", d.background),
        border: read("--_sl-border", d.border),
        agent: read("--_sl-agent", d.agent),
        text: read("--_sl-fg", d.text),
        grid: read("--_sl-grid", d.grid),
        faint: read("--_sl-faint", d.faint),
        accent: read("--_sl-accent", d.accent),
        // The roles' (`--_sl-leader`, …, in www/steerlab.css).
        roles: std::array::from_fn(|i| read(palette::ROLE_VARS[i], d.roles[i])),
    })
}

/// One `--_sl-*` variable of `style` as a colour, else `fallback` (out of line: `palette` reads
/// fifteen, and each inlined copy cost the module its own bytes).
#[inline(never)]
fn read_colour(
    style: Option<&web_sys::CssStyleDeclaration>,
    colours: &ColourReader,
    name: &str,
    fallback: Colour,
) -> Colour {
    let v = style.and_then(|s| s.get_property_value(name).ok()).unwrap_or_default();
    Colour::parse(&v).or_else(|| colours.rgba(&v).map(Colour::from_bytes)).unwrap_or(fallback)
}

/// Everything a viewer needs to (re)theme itself, resolved in one go.
pub struct Resolved {
    pub dark: bool,
    pub palette: Palette,
}

/// Resolve the theme of `canvas`, mark `marked` (the viewer's root or an error alert) with
/// `steerlab-dark` / `steerlab-light` so the stylesheet's defaults follow, then read the palette.
pub fn resolve(window: &Window, canvas: &Element, marked: &Element) -> Resolved {
    let fallback = || Resolved { dark: false, palette: Palette::new(palette::LIGHT) };
    let Some(doc) = window.document() else { return fallback() };
    READER.with(|r| {
        let mut r = r.borrow_mut();
        if r.is_none() {
            *r = ColourReader::new(&doc);
        }
        let Some(colours) = r.as_ref() else { return fallback() };
        let dark = wants_dark(window, &doc, canvas, colours);
        let cl = marked.class_list();
        let _ = cl.toggle_with_force("steerlab-dark", dark);
        let _ = cl.toggle_with_force("steerlab-light", !dark);
        let palette = palette(window, canvas, dark, colours);
        Resolved { dark, palette }
    })
}

thread_local! {
    /// One scratch canvas for the page, made on first use.
    static READER: std::cell::RefCell<Option<ColourReader>> = const { std::cell::RefCell::new(None) };
}
