//! Rendering as data: a frame is a list of shapes in world coordinates, each with a semantic style.
//! The web shell maps styles to colours and replays the list on a Canvas 2D context; tests read the
//! list directly. The list keeps its buffers between frames, so building a frame does not allocate
//! once they have grown.

use glam::Vec2;
use serde::{Deserialize, Serialize};

/// What a shape *means*; the shell decides what it looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// An ordinary agent.
    Agent,
    /// The agent the user selected (force breakdown, circles).
    Selected,
    /// Spatial hash: the querying agent ("yo", red).
    SelfAgent,
    /// Spatial hash: an agent whose distance was checked (violet).
    Checked,
    /// Spatial hash: an agent that was not looked at (grey).
    Other,
    /// Spatial hash: one of the 3×3 scanned cells (green tint).
    Cell,
    /// Grid lines.
    Grid,
    /// Perception radius circle.
    Perception,
    /// Separation radius circle.
    SepDist,
    /// A velocity vector.
    Velocity,
    /// Force arrows, one style per rule (raw force: thin; weighted: thick).
    ForceSeparation,
    ForceAlignment,
    ForceCohesion,
    ForceOther,
    ForceTotal,
    /// Alignment: the neighbours' mean heading.
    MeanHeading,
    /// Cohesion: the local centroid marker.
    Centroid,
    /// A neighbour of the selected agent.
    Neighbour,
    /// Leader, followers and their states.
    Leader,
    Arriving,
    Evading,
    BehindPoint,
    AheadZone,
    /// Queue: the front cone, a braking agent, the goal.
    Cone,
    Braking,
    Goal,
    /// Paths: the polyline, the tube, waypoints, the active one and its arrive radius.
    Path,
    Tube,
    Waypoint,
    ActiveWaypoint,
    ArriveRadius,
    /// Tube following: prediction inside / outside the tube, projection point, correction.
    Prediction,
    PredictionOut,
    Projection,
    Correction,
    /// Bandada extras.
    Obstacle,
    Food,
    Pointer,
    /// Steering basics: the agent's velocity, the desired velocity, and the steering force drawn
    /// from the velocity's tip to the desired velocity's tip (`desired − velocity`).
    SteerVelocity,
    DesiredVelocity,
    SteerForce,
    /// Flee and evade: the panic radius.
    PanicRadius,
    /// Wander: the circle ahead of the agent, the displaced target on it, and the arc the jitter
    /// can move the target along in one step.
    WanderCircle,
    WanderTarget,
    Jitter,
    /// Obstacle avoidance and containment: a feeler, a feeler that hit something, the most
    /// threatening obstacle, the walls, and a wall that was hit (with the hit point).
    Feeler,
    FeelerHit,
    Threat,
    Wall,
    WallHit,
    /// Flow field: one arrow per cell.
    FieldArrow,
    /// Small explanatory text (legends).
    Label,
    /// The spatial-hash chart: its frame, the naive curve n·(n−1) and the measured grid checks.
    ChartFrame,
    ChartNaive,
    ChartGrid,
    /// The inspector: the vector (point, neighbours) behind the pseudocode line under the pointer
    /// or the focus (`sim::inspect`), drawn over a halo in the canvas colour.
    Highlight,
    HighlightHalo,
    /// Queue: an agent's front lane while it is not braking (the braking lane is `Cone`, yellow).
    Lane,
}

impl Style {
    /// Every style, in declaration order (`Style::ALL[s as usize] == s`).
    pub const ALL: [Style; 58] = [
        Style::Agent,
        Style::Selected,
        Style::SelfAgent,
        Style::Checked,
        Style::Other,
        Style::Cell,
        Style::Grid,
        Style::Perception,
        Style::SepDist,
        Style::Velocity,
        Style::ForceSeparation,
        Style::ForceAlignment,
        Style::ForceCohesion,
        Style::ForceOther,
        Style::ForceTotal,
        Style::MeanHeading,
        Style::Centroid,
        Style::Neighbour,
        Style::Leader,
        Style::Arriving,
        Style::Evading,
        Style::BehindPoint,
        Style::AheadZone,
        Style::Cone,
        Style::Braking,
        Style::Goal,
        Style::Path,
        Style::Tube,
        Style::Waypoint,
        Style::ActiveWaypoint,
        Style::ArriveRadius,
        Style::Prediction,
        Style::PredictionOut,
        Style::Projection,
        Style::Correction,
        Style::Obstacle,
        Style::Food,
        Style::Pointer,
        Style::SteerVelocity,
        Style::DesiredVelocity,
        Style::SteerForce,
        Style::PanicRadius,
        Style::WanderCircle,
        Style::WanderTarget,
        Style::Jitter,
        Style::Feeler,
        Style::FeelerHit,
        Style::Threat,
        Style::Wall,
        Style::WallHit,
        Style::FieldArrow,
        Style::Label,
        Style::ChartFrame,
        Style::ChartNaive,
        Style::ChartGrid,
        Style::Highlight,
        Style::HighlightHalo,
        Style::Lane,
    ];
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// An oriented triangle at `pos` pointing along unit `dir`, `size` long.
    Agent {
        pos: Vec2,
        dir: Vec2,
        size: f32,
    },
    Circle {
        c: Vec2,
        r: f32,
    },
    /// A filled disc.
    Disc {
        c: Vec2,
        r: f32,
    },
    Rect {
        min: Vec2,
        max: Vec2,
    },
    Line {
        a: Vec2,
        b: Vec2,
    },
    Arrow {
        from: Vec2,
        to: Vec2,
    },
    /// `points[start..start + len]` of the list.
    Polyline {
        start: u32,
        len: u32,
        closed: bool,
    },
    /// `text[start..start + len]` of the list, anchored at `at`; left out where it would be wider
    /// than `max_w` world units (infinite: always drawn), see [`text_fits`].
    Text {
        at: Vec2,
        start: u32,
        len: u32,
        max_w: f32,
    },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cmd {
    pub shape: Shape,
    pub style: Style,
}

/// A row of the force legend of the selected agent. The legend is drawn in screen pixels at the
/// canvas's corner (not in world units, so it stays readable on a small canvas), with words in the
/// reader's language: the shell writes them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LegendRow {
    /// One rule's contribution: its weight and the length of `weight × force`.
    Rule { style: Style, rule: &'static str, weight: f32, magnitude: f32 },
    /// The total, truncated to `max_force` (`clipped`: the weighted terms' sum was longer than
    /// that, so the truncation shortened it this step).
    Total { magnitude: f32, clipped: bool },
}

impl LegendRow {
    /// The style of the row's swatch: its rule's arrows, or the total's.
    pub fn style(&self) -> Style {
        match *self {
            LegendRow::Rule { style, .. } => style,
            LegendRow::Total { .. } => Style::ForceTotal,
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct DrawList {
    pub cmds: Vec<Cmd>,
    pub points: Vec<Vec2>,
    pub text: String,
    /// The force legend (empty unless the forces overlay shows a selected agent).
    pub legend: Vec<LegendRow>,
}

impl DrawList {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn clear(&mut self) {
        self.cmds.clear();
        self.points.clear();
        self.text.clear();
        self.legend.clear();
    }

    #[inline]
    pub fn push(&mut self, style: Style, shape: Shape) {
        self.cmds.push(Cmd { shape, style });
    }

    pub fn agent(&mut self, style: Style, pos: Vec2, dir: Vec2, size: f32) {
        self.push(style, Shape::Agent { pos, dir, size });
    }
    pub fn circle(&mut self, style: Style, c: Vec2, r: f32) {
        self.push(style, Shape::Circle { c, r });
    }
    pub fn disc(&mut self, style: Style, c: Vec2, r: f32) {
        self.push(style, Shape::Disc { c, r });
    }
    pub fn rect(&mut self, style: Style, min: Vec2, max: Vec2) {
        self.push(style, Shape::Rect { min, max });
    }
    pub fn line(&mut self, style: Style, a: Vec2, b: Vec2) {
        self.push(style, Shape::Line { a, b });
    }
    pub fn arrow(&mut self, style: Style, from: Vec2, to: Vec2) {
        self.push(style, Shape::Arrow { from, to });
    }
    pub fn polyline(&mut self, style: Style, pts: impl IntoIterator<Item = Vec2>, closed: bool) {
        let start = self.points.len() as u32;
        self.points.extend(pts);
        let len = self.points.len() as u32 - start;
        self.push(style, Shape::Polyline { start, len, closed });
    }
    pub fn label(&mut self, style: Style, at: Vec2, s: &str) {
        self.label_within(style, at, s, f32::INFINITY);
    }
    /// A label that is left out on a canvas where it would be wider than `max_w` world units (a
    /// title inside a box drawn in world units, while text is drawn in screen pixels).
    pub fn label_within(&mut self, style: Style, at: Vec2, s: &str, max_w: f32) {
        let start = self.text.len() as u32;
        self.text.push_str(s);
        self.push(style, Shape::Text { at, start, len: s.len() as u32, max_w });
    }

    pub fn points_of(&self, start: u32, len: u32) -> &[Vec2] {
        &self.points[start as usize..(start + len) as usize]
    }
    pub fn text_of(&self, start: u32, len: u32) -> &str {
        &self.text[start as usize..(start + len) as usize]
    }

    /// How many commands carry `style` (handy in tests).
    pub fn count(&self, style: Style) -> usize {
        self.cmds.iter().filter(|c| c.style == style).count()
    }
}

/// World → CSS pixel mapping: uniform scale, centred (the world keeps its aspect). The canvas
/// painter and the SVG writer place the draw list with it; `dpr` is the device pixels per CSS
/// pixel of the target (the canvas's backing store, a PNG still's scale).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct View {
    pub scale: f64,
    pub ox: f64,
    pub oy: f64,
    pub dpr: f64,
    pub css_w: f64,
    pub css_h: f64,
}

impl View {
    pub fn fit(world: Vec2, css_w: f64, css_h: f64, dpr: f64) -> View {
        let s = (css_w / world.x as f64).min(css_h / world.y as f64).max(1e-6);
        View {
            scale: s,
            ox: (css_w - world.x as f64 * s) * 0.5,
            oy: (css_h - world.y as f64 * s) * 0.5,
            dpr,
            css_w,
            css_h,
        }
    }

    /// CSS pixel (relative to the canvas box) → world.
    pub fn to_world(self, x: f64, y: f64) -> Vec2 {
        Vec2::new(((x - self.ox) / self.scale) as f32, ((y - self.oy) / self.scale) as f32)
    }

    /// World → CSS pixel.
    pub fn to_px(self, p: Vec2) -> (f64, f64) {
        (p.x as f64 * self.scale + self.ox, p.y as f64 * self.scale + self.oy)
    }

    /// The view of a still: the world at its own size, scaled down to fit [`STILL_MAX_PX`] on its
    /// longer side; whole CSS pixels, `dpr` 1.
    pub fn still(world: Vec2) -> View {
        let s = (STILL_MAX_PX / world.x as f64).min(STILL_MAX_PX / world.y as f64).min(1.0);
        let (w, h) = ((world.x as f64 * s).round().max(1.0), (world.y as f64 * s).round().max(1.0));
        View::fit(world, w, h, 1.0)
    }
}

/// The longest side of a still, in CSS pixels (a still of the 8020 × 4511 stress world is
/// 1280 × 720; the tutorials' 640 × 400 worlds are drawn at their own size).
pub const STILL_MAX_PX: f64 = 1280.0;

/// The points of a closed polygon in the order that gives it a non-negative signed area, so that
/// several polygons filled as one path with the nonzero rule fill their union (the tube).
pub fn turned(pts: &[Vec2]) -> impl Iterator<Item = Vec2> + '_ {
    let n = pts.len();
    let area: f32 = (0..n).map(|i| pts[i].perp_dot(pts[(i + 1) % n])).sum();
    (0..n).map(move |i| if area >= 0.0 { pts[i] } else { pts[n - 1 - i] })
}

/// Text is drawn at 11 CSS px, about 6 px a character (the legend's estimate too).
pub const CHAR_PX: f64 = 6.0;

/// Whether `text` fits in `max_w` world units at `scale` CSS px per world unit.
pub fn text_fits(text: &str, max_w: f32, scale: f64) -> bool {
    max_w == f32::INFINITY || text.chars().count() as f64 * CHAR_PX <= max_w as f64 * scale
}

/// The force legend's layout in CSS pixels, shared by the canvas painter and the SVG writer: rows
/// `LEGEND_ROW_PX` apart from the top-left corner, as many as fit (none when fewer than two fit or
/// the box is narrower than 120 px).
pub const LEGEND_ROW_PX: f64 = 15.0;

/// How many legend rows a `css_w × css_h` box shows.
pub fn legend_rows(rows: usize, css_w: f64, css_h: f64) -> usize {
    let fit = (((css_h - 12.0) / LEGEND_ROW_PX).floor().max(0.0) as usize).min(rows);
    if fit < 2 || css_w < 120.0 {
        0
    } else {
        fit
    }
}

/// The legend box's width for its texts (about 6 px a character at 11 px), within the box.
pub fn legend_width<'a>(texts: impl Iterator<Item = &'a str>, css_w: f64) -> f64 {
    let width = texts.map(|t| t.chars().count() as f64 * CHAR_PX).fold(0.0, f64::max);
    (width + 32.0).min(css_w - 8.0)
}

/// Seconds of travel a force/velocity arrow represents (force 192 px/s² → 48 px).
pub const FORCE_SCALE: f32 = 0.25;

pub const VELOCITY_SCALE: f32 = 0.4;

/// A set of overlays (bit per [`Overlay`] variant).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Overlays(pub u32);

impl Overlays {
    pub const ALL: [Overlay; 10] = [
        Overlay::Perception,
        Overlay::SepDist,
        Overlay::Velocity,
        Overlay::Forces,
        Overlay::Grid,
        Overlay::SpatialHash,
        Overlay::Neighbours,
        Overlay::MeanHeading,
        Overlay::Centroid,
        Overlay::Chart,
    ];
    fn bit(o: Overlay) -> u32 {
        1 << (Self::ALL.iter().position(|&x| x == o).unwrap_or(31) as u32)
    }
    pub fn from_list(list: &[Overlay]) -> Self {
        Overlays(list.iter().fold(0, |acc, &o| acc | Self::bit(o)))
    }
    pub fn has(&self, o: Overlay) -> bool {
        self.0 & Self::bit(o) != 0
    }
    pub fn set(&mut self, o: Overlay, on: bool) {
        if on {
            self.0 |= Self::bit(o);
        } else {
            self.0 &= !Self::bit(o);
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Overlay {
    Perception,
    SepDist,
    Velocity,
    Forces,
    Grid,
    SpatialHash,
    Neighbours,
    MeanHeading,
    Centroid,
    /// Spatial hash: a small chart of distance checks per step against n, grid vs naive.
    Chart,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_style_is_listed_in_order() {
        for (k, s) in Style::ALL.iter().enumerate() {
            assert_eq!(*s as usize, k, "{s:?}");
        }
        assert_eq!(Style::ALL.len(), Style::Lane as usize + 1);
    }

    #[test]
    fn a_bounded_label_is_left_out_where_it_does_not_fit() {
        // The spatial-hash chart's title on a 640 px world: 180 world units for it.
        assert!(text_fits("comprobaciones/paso frente a n", 180.0, 1.0));
        assert!(!text_fits("comprobaciones/paso frente a n", 180.0, 0.4), "a 256 px canvas");
        assert!(text_fits("anything at all, however long", f32::INFINITY, 0.01));
    }

    #[test]
    fn stills_keep_small_worlds_and_shrink_large_ones() {
        let v = View::still(Vec2::new(640.0, 400.0));
        assert_eq!((v.css_w, v.css_h, v.scale, v.ox, v.oy), (640.0, 400.0, 1.0, 0.0, 0.0));
        let v = View::still(Vec2::new(8020.0, 4511.0));
        assert_eq!((v.css_w, v.css_h), (1280.0, 720.0));
        assert!((v.scale - 1280.0 / 8020.0).abs() < 1e-9);
    }
}
