//! What a description of the scene needs, as numbers and keys (no words): how many agents, the
//! groups they form (size, where, which way they head), the agents of each role and the role
//! objects (leader, target, waypoints, obstacles, food …) as the frame draws them, the selected
//! agent, and each behaviour's facts of its lesson ([`Behave::describe`]: separation's spacing,
//! alignment's common heading, the queue's line …, in the behaviour's own file). The shell turns it into sentences in the reader's language (`www/describe.js`,
//! loaded on first use) and compares two of them to say what an action changed.
//!
//! Places are the nine parts of the world in a 3 × 3 grid (`0` top left, `4` the centre, `8`
//! bottom right); headings are eight directions as the reader sees them (`0` right, `2` up, `4`
//! left, `6` down, counter-clockwise), `8` for "not moving" and `9` for "every which way".

use crate::behaviours::{Facts, Readout, Tell, Val};
use crate::draw::{DrawList, Shape, Style};
use crate::engine::Sim;
use crate::json_path::{f32v, obj};
use crate::report::{root, BIG_FLOCK};
use crate::world::wrap_coord;
use glam::Vec2;
use serde_json::Value;

/// The styles a description names, with their keys (`describe.role.<key>` in the catalogs).
/// Agents first (their shapes carry a heading), then the objects.
pub const ROLES: [(Style, &str); 17] = [
    (Style::Leader, "leader"),
    (Style::Arriving, "arriving"),
    (Style::Evading, "evading"),
    (Style::Braking, "braking"),
    (Style::SelfAgent, "self"),
    (Style::Checked, "checked"),
    (Style::Other, "other"),
    (Style::Goal, "target"),
    (Style::Pointer, "pointer"),
    (Style::WanderTarget, "wander_target"),
    (Style::ActiveWaypoint, "active_waypoint"),
    (Style::Waypoint, "waypoint"),
    (Style::Path, "path"),
    (Style::Obstacle, "obstacle"),
    (Style::Food, "food"),
    (Style::Wall, "wall"),
    (Style::PredictionOut, "off_path"),
];

/// The groups listed (the largest; the count covers all).
pub const MAX_GROUPS: usize = 3;
/// Heading codes beyond the eight directions.
pub const STILL: u8 = 8;
pub const SCATTERED: u8 = 9;

/// The part of the world `p` is in: `row * 3 + column` of a 3 × 3 grid.
pub fn region(p: Vec2, size: Vec2) -> u8 {
    let cell = |x: f32, s: f32| ((x / s * 3.0).floor() as i32).clamp(0, 2) as u8;
    cell(p.y, size.y) * 3 + cell(p.x, size.x)
}

/// The direction of `v` as the reader sees it (y grows downwards on screen): `0` right, `2` up,
/// `4` left, `6` down; [`STILL`] when `v` is shorter than `min`.
pub fn heading(v: Vec2, min: f32) -> u8 {
    // (NaN: not moving either.)
    if v.length().partial_cmp(&min) != Some(std::cmp::Ordering::Greater) {
        return STILL;
    }
    // The octant by comparisons (tan 22.5°), no arctangent: up is −y on screen.
    let (x, y) = (v.x, -v.y);
    const T: f32 = 0.414_213_57;
    if x.abs() * T >= y.abs() {
        if x > 0.0 {
            0
        } else {
            4
        }
    } else if y.abs() * T >= x.abs() {
        if y > 0.0 {
            2
        } else {
            6
        }
    } else {
        [[5, 3], [7, 1]][(x > 0.0) as usize][(y > 0.0) as usize]
    }
}

/// A group: its size, place and heading (of its members' mean direction; [`SCATTERED`] when they
/// head every which way, [`STILL`] when they hardly move).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Group {
    pub size: u32,
    pub region: u8,
    pub heading: u8,
}

/// Agents of one role or the objects of one kind: how many, where the first is, its heading.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Role {
    pub key: &'static str,
    pub count: u32,
    pub region: u8,
    pub heading: u8,
}

/// The scene as a description needs it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    pub agents: u32,
    /// How many groups (`None` for a flock too big to count them on demand).
    pub group_count: Option<u32>,
    /// The largest groups (at most [`MAX_GROUPS`]), largest first; for a big flock, one entry for
    /// the whole flock.
    pub groups: Vec<Group>,
    pub polarisation: f32,
    pub roles: Vec<Role>,
    /// The selected agent: its index and its place and heading.
    pub selected: Option<(usize, u8, u8)>,
    /// Each behaviour's facts of its lesson, in the scenario's order (those that have some).
    pub facts: Vec<Told>,
}

/// What a behaviour tells: its own facts, else its readout's numbers.
#[derive(Clone, Debug, PartialEq)]
pub enum Told {
    Facts(Facts),
    Readout(Readout),
}

impl Told {
    pub fn kind(&self) -> &'static str {
        match self {
            Told::Facts(f) => f.kind,
            Told::Readout(r) => r.kind,
        }
    }

    /// The number under `key`.
    pub fn num(&self, key: &str) -> Option<f64> {
        match self {
            Told::Facts(f) => f.get(key).map(f64::from),
            Told::Readout(r) => r.num(key),
        }
    }

    /// `[kind, {key: value}]`: numbers with the decimals they are told with, null when unknown.
    fn json(&self) -> Value {
        let items = match self {
            Told::Facts(f) => f
                .items()
                .map(|(k, d, v)| {
                    (k, val(if d == 0 && v.is_finite() { Val::Int(v.round() as i64) } else { Val::Num(v as f64, d) }))
                })
                .collect(),
            Told::Readout(r) => r.items.iter().map(|&(k, v)| (k, val(v))).collect(),
        };
        Value::Array(vec![self.kind().into(), obj(items)])
    }
}

/// A fact as JSON: a number with the decimals it is told with, a word's key, a truth, or null.
fn val(v: Val) -> Value {
    match v {
        Val::Int(n) => n.into(),
        Val::Num(x, d) if x.is_finite() => {
            let k = [1.0, 10.0, 100.0, 1000.0][d.min(3) as usize];
            Value::from((x * k).round() / k)
        }
        Val::Word(w) => w.into(),
        Val::Bool(b) => b.into(),
        Val::Num(..) | Val::None => Value::Null,
    }
}

/// Whether two agents `d` apart overlap as drawn: closer than this many of their length.
pub const OVERLAP: f32 = 0.6;

/// What behaviours' descriptions measure alike (`Tell` is theirs; the measures are the scene's).
impl Tell<'_, '_> {
    /// The part of the world `p` is in ([`region`]).
    pub fn place(&self, p: Vec2) -> u8 {
        region(p, self.v.world.size())
    }
    /// Agents whose nearest other agent is close enough to overlap it as drawn.
    pub fn overlapping(&self) -> u32 {
        let r = self.agent_size * OVERLAP;
        self.nearest.iter().filter(|&&d| d < r).count() as u32
    }
    /// The direction of `d` as the reader sees it ([`heading`]; [`STILL`] for a zero vector).
    pub fn direction(&self, d: Vec2) -> u8 {
        heading(d, 0.0)
    }
    /// How many agents the last step tinted `style` (braking, evading, arriving …).
    pub fn tinted(&self, style: Style) -> u32 {
        self.v.tints.iter().filter(|&&t| t == Some(style)).count() as u32
    }
    /// The mean distance to the nearest other agent.
    pub fn spacing(&self) -> Option<f32> {
        (!self.nearest.is_empty()).then(|| self.nearest.iter().sum::<f32>() / self.nearest.len() as f32)
    }
    /// The closest pair: their distance and where the first of them is.
    pub fn closest(&self) -> Option<(f32, u8)> {
        let (i, d) = self.nearest.iter().enumerate().min_by(|a, b| a.1.total_cmp(b.1))?;
        Some((*d, self.place(self.v.agents.get(i)?.position)))
    }
}

impl Scene {
    pub fn json(&self) -> Value {
        let g = |g: &Group| Value::from(vec![g.size, g.region as u32, g.heading as u32]);
        let r = |r: &Role| Value::Array(vec![r.key.into(), r.count.into(), r.region.into(), r.heading.into()]);
        obj(vec![
            ("agents", self.agents.into()),
            ("groups", self.group_count.into()),
            ("flock", self.groups.iter().map(g).collect()),
            ("polarisation", f32v(self.polarisation)),
            ("roles", self.roles.iter().map(r).collect()),
            ("selected", self.selected.map(|(i, p, h)| vec![i as u32, p as u32, h as u32]).into()),
            ("facts", self.facts.iter().map(Told::json).collect()),
        ])
    }
}

impl Sim {
    /// The scene of the frame whose draw list is `list` (`Renderer::build` of this state).
    pub fn describe(&self, list: &DrawList) -> Scene {
        let size = self.world().size();
        let agents = self.agents();
        let n = agents.len();
        // Moving: faster than a tenth of the mean speed limit.
        let min = agents.iter().map(|a| a.max_speed).sum::<f32>() / n.max(1) as f32 * 0.1;
        let mut scene = Scene { agents: n as u32, polarisation: self.polarisation(), ..Scene::default() };
        let pos: Vec<Vec2> = agents.iter().map(|a| a.position).collect();
        // The groups: agents linked by chains of neighbours within perception, as `groups` of
        // `state().metrics` counts them (the same union-find), with their members, to say where
        // each is and where it heads. A big flock is one whole.
        let big = n as u64 > BIG_FLOCK || self.raster_agents();
        let (mut parent, nearest) = if big {
            (Vec::new(), Vec::new())
        } else {
            let sp = self.spacing();
            (sp.parent, sp.nearest)
        };
        // Per root: size, its first member, the sum of offsets from it, the sum of the moving
        // members' unit velocities, how many move.
        let mut acc: Vec<(u32, usize, Vec2, Vec2, u32)> = Vec::new();
        let mut slot = vec![u32::MAX; n.max(1)];
        for i in 0..n {
            let k = if parent.is_empty() { i * !big as usize } else { root(&mut parent, i as u32) as usize };
            if slot[k] == u32::MAX {
                slot[k] = acc.len() as u32;
                acc.push((0, k, Vec2::ZERO, Vec2::ZERO, 0));
            }
            let at = slot[k] as usize;
            let a = &mut acc[at];
            a.0 += 1;
            a.2 += self.world().delta(pos[a.1], pos[i]);
            let moving = agents[i].velocity.length() > min;
            a.3 += agents[i].velocity.normalize_or_zero() * moving as u32 as f32;
            a.4 += moving as u32;
        }
        scene.group_count = (!big).then_some(acc.len() as u32);
        // Where the moving agents head together (alignment's lesson), from the same sums.
        let (dir, moving) = acc.iter().fold((Vec2::ZERO, 0), |(d, m), a| (d + a.3, m + a.4));
        let common = if moving == 0 {
            STILL
        } else if dir.length() / (moving as f32) < 0.35 {
            SCATTERED
        } else {
            heading(dir, 0.0)
        };
        let sizes: Vec<u32> = if big { Vec::new() } else { acc.iter().map(|a| a.0).collect() };
        // The largest groups, largest first (ties: the one whose first member comes first); picked,
        // not sorted (a sort's code in the wasm module for three items).
        for _ in 0..MAX_GROUPS.min(acc.len()) {
            let k = (0..acc.len()).fold(0, |b, k| {
                if (acc[k].0, usize::MAX - acc[k].1) > (acc[b].0, usize::MAX - acc[b].1) {
                    k
                } else {
                    b
                }
            });
            let (size_k, first, off, dir, moving) =
                std::mem::replace(&mut acc[k], (0, usize::MAX, Vec2::ZERO, Vec2::ZERO, 0));
            let m = size_k as f32;
            let c = pos[first] + off / m;
            let c = Vec2::new(wrap_coord(c.x, size.x), wrap_coord(c.y, size.y));
            let h = if moving == 0 {
                STILL
            } else if dir.length() / (moving as f32) < 0.35 {
                SCATTERED
            } else {
                heading(dir, 0.0)
            };
            scene.groups.push(Group { size: size_k, region: region(c, size), heading: h });
        }
        scene.selected =
            self.selected.and_then(|i| agents.get(i).map(|a| (i, region(a.position, size), heading(a.velocity, min))));
        drop(agents);
        let agent_size = self.scenario().agent_size;
        scene.facts = self.with_view(|v| {
            let t = Tell {
                v,
                nearest: &nearest,
                groups: &sizes,
                agent_size,
                heading: common,
                polarisation: scene.polarisation,
            };
            let each = self.scenario().behaviours.iter().zip(self.states());
            each.filter_map(|(b, s)| b.describe(s, &t).map(Told::Facts).or_else(|| b.readout(s, v).map(Told::Readout)))
                .collect()
        });
        // The roles and objects as drawn: one per distinct place (a target drawn as a ring and a dot
        // is one target), in the order of `ROLES`.
        let mut seen: Vec<(usize, Vec2)> = Vec::new();
        let mut found = [(0u32, 0u8, 0u8); ROLES.len()];
        for cmd in &list.cmds {
            let Some(k) = ROLES.iter().position(|r| r.0 == cmd.style) else { continue };
            let (p, h) = match cmd.shape {
                Shape::Agent { pos, dir, .. } => (pos, heading(dir, 0.0)),
                Shape::Circle { c, .. } | Shape::Disc { c, .. } => (c, STILL),
                Shape::Rect { min, max } => ((min + max) * 0.5, STILL),
                Shape::Polyline { start, len, .. } if len > 0 => (list.points_of(start, len)[0], STILL),
                _ => continue,
            };
            if seen.iter().any(|s| s.0 == k && s.1.distance_squared(p) < 4.0) {
                continue;
            }
            seen.push((k, p));
            let f = &mut found[k];
            if f.0 == 0 {
                *f = (0, region(p, size), h);
            }
            f.0 += 1;
        }
        for (r, f) in ROLES.iter().zip(found) {
            if f.0 > 0 {
                scene.roles.push(Role { key: r.1, count: f.0, region: f.1, heading: f.2 });
            }
        }
        scene
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::behaviours::testing::{hand_agents, sim_with, Placed};
    use crate::draw::Overlays;
    use crate::render::Renderer;

    fn scene(sim: &Sim) -> Scene {
        let mut r = Renderer::new();
        r.build(sim, Overlays::from_list(&sim.scenario().overlays));
        sim.describe(&r.list)
    }

    fn hand(agents: &[Placed]) -> Sim {
        sim_with(r#"[{"type": "cohesion", "perception": 30}]"#, &hand_agents(agents), "")
    }

    fn builtin(name: &str, steps: u32) -> Sim {
        let mut s = Sim::from_json(crate::scenarios::builtin(name).unwrap()).unwrap();
        for _ in 0..steps {
            s.step();
        }
        s
    }

    #[test]
    fn places_and_headings_by_hand() {
        let s = Vec2::new(300.0, 300.0);
        assert_eq!(region(Vec2::new(10.0, 10.0), s), 0);
        assert_eq!(region(Vec2::new(150.0, 150.0), s), 4);
        assert_eq!(region(Vec2::new(299.0, 10.0), s), 2);
        assert_eq!(region(Vec2::new(10.0, 290.0), s), 6);
        assert_eq!(region(Vec2::new(400.0, -5.0), s), 2, "outside: the nearest part");
        assert_eq!(heading(Vec2::new(1.0, 0.0), 0.1), 0);
        assert_eq!(heading(Vec2::new(0.0, -1.0), 0.1), 2, "y down on screen: up");
        assert_eq!(heading(Vec2::new(-1.0, 0.1), 0.1), 4);
        assert_eq!(heading(Vec2::new(0.0, 1.0), 0.1), 6);
        assert_eq!(heading(Vec2::new(1.0, 1.0), 0.1), 7, "down and right");
        assert_eq!(heading(Vec2::new(0.01, 0.0), 0.1), STILL);
    }

    /// Three groups by hand (perception 30, 400 × 400): three agents top left heading right, two
    /// bottom right heading up, and a loner in the centre heading left; the largest first.
    #[test]
    fn groups_by_hand() {
        let s = hand(&[
            ((20.0, 20.0), (50.0, 0.0)),
            ((40.0, 20.0), (50.0, 0.0)),
            ((60.0, 20.0), (50.0, 0.0)),
            ((350.0, 350.0), (0.0, -50.0)),
            ((360.0, 360.0), (0.0, -50.0)),
            ((200.0, 200.0), (-50.0, 0.0)),
        ]);
        let d = scene(&s);
        assert_eq!(d.agents, 6);
        assert_eq!(d.group_count, Some(3));
        assert_eq!(d.groups[0], Group { size: 3, region: 0, heading: 0 });
        assert_eq!(d.groups[1], Group { size: 2, region: 8, heading: 2 });
        assert_eq!(d.groups[2], Group { size: 1, region: 4, heading: 4 });
        assert_eq!(d.group_count, Some(s.metrics().groups), "as state().metrics counts them");
        // Two agents heading apart: every which way.
        let s = hand(&[((100.0, 100.0), (50.0, 0.0)), ((110.0, 100.0), (-50.0, 0.0))]);
        assert_eq!(scene(&s).groups[0], Group { size: 2, region: 0, heading: SCATTERED });
        // Not moving.
        let s = hand(&[((100.0, 100.0), (0.0, 0.0)), ((110.0, 100.0), (0.0, 0.0))]);
        assert_eq!(scene(&s).groups[0].heading, STILL);
        let j = scene(&s).json();
        assert_eq!(j["agents"], 2);
        assert_eq!(j["flock"][0], serde_json::json!([2, 0, 8]));
    }

    /// A group across the wrapping edge is placed at the edge, not in the middle of the world.
    #[test]
    fn a_group_across_the_seam_is_at_the_seam() {
        let s = hand(&[((395.0, 200.0), (0.0, 0.0)), ((5.0, 200.0), (0.0, 0.0))]);
        let d = scene(&s);
        assert_eq!(d.group_count, Some(1));
        assert!(matches!(d.groups[0].region, 3 | 5), "{:?}", d.groups);
    }

    /// The roles of the built-in scenarios, as drawn: the leader and its followers, the queue's
    /// braking agents, the waypoints, the spatial hash's self and checked agents, seek's target.
    #[test]
    fn roles_of_the_built_ins() {
        let keys = |name: &str, steps: u32| {
            let d = scene(&builtin(name, steps));
            d.roles.iter().map(|r| (r.key, r.count)).collect::<Vec<_>>()
        };
        let fl = keys("follow-leader", 120);
        assert!(fl.contains(&("leader", 1)), "{fl:?}");
        assert!(fl.iter().any(|r| r.0 == "arriving"), "{fl:?}");
        let q = keys("queue", 240);
        assert!(q.iter().any(|r| r.0 == "braking"), "{q:?}");
        let w = keys("path-waypoints", 10);
        assert!(w.iter().any(|r| r.0 == "waypoint" || r.0 == "active_waypoint"), "{w:?}");
        let sh = keys("spatial-hash", 1);
        assert!(sh.contains(&("self", 1)) && sh.iter().any(|r| r.0 == "checked"), "{sh:?}");
        let seek = keys("seek", 1);
        assert!(seek.contains(&("target", 1)), "{seek:?}");
    }

    /// The flocking rules' facts by hand (400 × 400, agents 7 long: overlapping under 4.2 px):
    /// agents at (100, 100) and (104, 100), 4 px apart, and at (200, 200) and (226, 200), 26 px
    /// apart, all heading right. Separation: spacing (4 + 4 + 26 + 26) / 4 = 15, the closest pair
    /// 4 px at the top left (region 0), 2 agents overlap, sep_dist 22. Alignment: polarisation 1,
    /// heading right (0). Cohesion (perception 30): 2 groups of 2, nobody alone.
    #[test]
    fn the_flocking_rules_facts_by_hand() {
        let agents = hand_agents(&[
            ((100.0, 100.0), (50.0, 0.0)),
            ((104.0, 100.0), (50.0, 0.0)),
            ((200.0, 200.0), (50.0, 0.0)),
            ((226.0, 200.0), (50.0, 0.0)),
        ]);
        let rules = r#"[{"type": "separation", "sep_dist": 22}, {"type": "alignment", "perception": 30},
                        {"type": "cohesion", "perception": 30}]"#;
        let d = scene(&sim_with(rules, &agents, ""));
        let facts = |kind: &str| d.facts.iter().find(|r| r.kind() == kind).unwrap_or_else(|| panic!("{kind}: {d:?}"));
        let sep = facts("separation");
        assert_eq!(sep.num("spacing"), Some(15.0));
        assert_eq!(sep.num("closest"), Some(4.0));
        assert_eq!(sep.num("closest_at"), Some(0.0));
        assert_eq!(sep.num("overlaps"), Some(2.0));
        assert_eq!(sep.num("sep_dist"), Some(22.0));
        let ali = facts("alignment");
        assert_eq!((ali.num("polarisation"), ali.num("heading")), (Some(1.0), Some(0.0)));
        let coh = facts("cohesion");
        assert_eq!(
            (coh.num("groups"), coh.num("largest"), coh.num("second"), coh.num("alone")),
            (Some(2.0), Some(2.0), Some(2.0), Some(0.0))
        );
        // Headings apart: every which way (9), polarisation 0.
        let apart = hand_agents(&[((100.0, 100.0), (50.0, 0.0)), ((300.0, 300.0), (-50.0, 0.0))]);
        let ali = scene(&sim_with(rules, &apart, "")).facts.into_iter().find(|r| r.kind() == "alignment").unwrap();
        assert_eq!((ali.num("polarisation"), ali.num("heading")), (Some(0.0), Some(SCATTERED as f64)));
        // As JSON: [kind, {key: number}], numbers with the decimals they are told with.
        let j = d.json();
        assert_eq!(
            j["facts"][0],
            serde_json::json!(["separation", {"spacing": 15, "closest": 4.0, "closest_at": 0, "overlaps": 2, "sep_dist": 22}])
        );
    }

    /// The lessons of the chapters' other built-ins: the queue's line and its throughput after 20
    /// s, the waypoints' next one, the tube's agents inside it, the followers' distance to the
    /// leader, and a basic behaviour's readout numbers (seek: the distance to the target).
    #[test]
    fn the_lessons_of_the_built_ins() {
        let facts = |name: &str, steps: u32| scene(&builtin(name, steps)).facts;
        let q = facts("queue", 1200);
        let q = q.iter().find(|r| r.kind() == "queue").unwrap();
        assert!(q.num("waiting").unwrap() >= 3.0 && q.num("line_length").unwrap() > 20.0, "{q:?}");
        assert!(q.num("throughput").unwrap() > 0.0 && q.num("spacing").unwrap() > 0.0, "{q:?}");
        let w = facts("path-waypoints", 60);
        let w = w.iter().find(|r| r.kind() == "path_waypoints").unwrap();
        let (next, n) = (w.num("next").unwrap(), w.num("waypoints").unwrap());
        assert!(next >= 1.0 && next <= n && w.num("distance").unwrap() > 0.0, "{w:?}");
        let t = facts("path-tube", 600);
        let t = t.iter().find(|r| r.kind() == "path_tube").unwrap();
        assert!(t.num("inside").unwrap() >= 1.0 && t.num("inside") <= t.num("agents"), "{t:?}");
        let f = facts("follow-leader", 300);
        let f = f.iter().find(|r| r.kind() == "follow_leader").unwrap();
        assert!(f.num("leader_distance").unwrap() > 0.0 && f.num("followers").unwrap() >= 1.0, "{f:?}");
        let s = facts("seek", 10);
        assert!(s[0].kind() == "seek" && s[0].num("distance").is_some(), "{s:?}");
    }

    /// The selected agent's place and heading; a description changes as the scene does.
    #[test]
    fn selected_and_changing() {
        let mut s = builtin("flock", 0);
        s.selected = None;
        assert_eq!(scene(&s).selected, None);
        s.selected = Some(5);
        let p = s.agents()[5].position;
        let b = scene(&s);
        assert_eq!(b.selected.map(|x| (x.0, x.1)), Some((5, region(p, s.world().size()))));
        for _ in 0..600 {
            s.step();
        }
        let c = scene(&s);
        assert_ne!(b.groups, c.groups, "ten seconds later the groups are elsewhere");
        assert!(c.polarisation > b.polarisation, "{} → {}", b.polarisation, c.polarisation);
    }
}
