//! The force legend of a playing canvas, as a few lines of page text over its top-left corner
//! rather than pixels drawn into it: the browser lays the text out when it changes (twice a
//! second while playing) and composites it over the canvas at every frame, where drawing it into
//! the canvas cost a text raster or a copy per frame and a redraw per change (issue 33 item 8).
//! Stills (`Save image`, `still()`) still draw it into the picture (`paint::paint`'s `legend`).
//!
//! The rows are the draw list's (`DrawList::legend`), in the reader's language, as many as the
//! canvas fits (`draw::legend_rows`), each a colour swatch and a line; `aria-hidden`: the readout
//! under the canvas and the live region say what a screen reader needs.

use super::dom::{el, set_text};
use crate::lang::{self, Lang};
use crate::sim::draw::{legend_rows, DrawList, Style};
use crate::sim::palette::{look, Colour, Palette};
use crate::web::paint::View;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

pub struct DomLegend {
    /// A box of no height just before the canvas (the rows hang from it over the canvas).
    holder: HtmlElement,
    rows_box: HtmlElement,
    /// Each row's swatch and text.
    rows: Vec<(HtmlElement, HtmlElement)>,
    /// The text period its lines were written in (`None`: write them at the next frame).
    period: Option<u64>,
    /// The palette the box's and the swatches' colours were set for.
    palette: Option<Palette>,
    /// The styles the swatches show.
    styles: Vec<Style>,
    shown: bool,
}

impl DomLegend {
    /// The viewer's template's legend (`dom.rs`: a hidden `.steerlab-legend` before the canvas with
    /// its `.steerlab-legend-rows`), hidden until a frame has a legend.
    pub fn new(holder: HtmlElement) -> DomLegend {
        let rows_box = holder.first_element_child().map_or_else(|| holder.clone(), JsCast::unchecked_into);
        DomLegend { holder, rows_box, rows: Vec::new(), period: None, palette: None, styles: Vec::new(), shown: false }
    }

    /// Show the legend of this frame's list (nothing when it has none or the canvas is too small).
    /// `period`: the frame's text period while playing (the lines change once per period).
    pub fn show(&mut self, list: &DrawList, view: &View, pal: &Palette, lang: Lang, period: Option<u64>) {
        let fit = legend_rows(list.legend.len(), view.css_w, view.css_h);
        if fit == 0 || view.scale == 0.0 {
            if self.shown {
                self.holder.set_hidden(true);
                self.shown = false;
            }
            return;
        }
        // (The document only when a row is made: this runs at every frame.)
        while self.rows.len() < fit {
            let Some(doc) = self.holder.owner_document() else { return };
            let (Ok(row), Ok(swatch), Ok(text)) = (
                el(&doc, "div", "steerlab-legend-row"),
                el(&doc, "span", "steerlab-legend-swatch"),
                el(&doc, "span", ""),
            ) else {
                return;
            };
            let _ = row.append_child(&swatch);
            let _ = row.append_child(&text);
            let _ = self.rows_box.append_child(&row);
            self.rows.push((swatch, text));
            self.period = None;
        }
        while self.rows.len() > fit {
            if let Some((swatch, _)) = self.rows.pop() {
                if let Some(row) = swatch.parent_element() {
                    row.remove();
                }
            }
        }
        // Colours only when the palette or a row's rule changes (not at every frame).
        let rows = &list.legend[..fit];
        let same_styles = self.styles.len() == fit && self.styles.iter().zip(rows).all(|(s, r)| *s == r.style());
        if self.palette != Some(*pal) || !same_styles {
            let bg = Colour { alpha: pal.background.alpha.min(850), ..pal.background };
            let s = self.rows_box.style();
            let _ = s.set_property("background-color", &bg.css());
            let _ = s.set_property("color", &pal.text.css());
            self.styles.clear();
            for ((swatch, _), row) in self.rows.iter().zip(rows) {
                let _ = swatch.style().set_property("background-color", &look(row.style(), pal).stroke.css());
                self.styles.push(row.style());
            }
            self.palette = Some(*pal);
        }
        if period.is_none() || self.period != period {
            for ((_, text), row) in self.rows.iter().zip(rows) {
                set_text(text, &lang::legend(lang, row));
            }
            self.period = period;
        }
        if !self.shown {
            self.holder.set_hidden(false);
            self.shown = true;
        }
    }
}
