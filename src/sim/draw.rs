//! Rendering as data: a frame is a list of shapes in world coordinates, each with a semantic style.
//! The web shell maps styles to colours and replays the list on a Canvas 2D context; tests read the
//! list directly. The list keeps its buffers between frames, so building a frame does not allocate
//! once they have grown.

use glam::Vec2;

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
    /// `text[start..start + len]` of the list, anchored at `at`.
    Text {
        at: Vec2,
        start: u32,
        len: u32,
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
    /// The total, truncated to `max_force`.
    Total { magnitude: f32 },
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
        let start = self.text.len() as u32;
        self.text.push_str(s);
        self.push(style, Shape::Text { at, start, len: s.len() as u32 });
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
