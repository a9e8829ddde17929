//! The scenario format (one JSON file per visualisation in `scenarios/`), its parsing with field paths
//! in errors, and its validation. Everything a viewer shows comes from here: world, seed, agents,
//! behaviours with their parameters and weights, overlays, controls and caption.

use super::behaviours::FlockRule;
use super::check::{fmt_f64, fmt_num, Check, MAX_LIST};
use super::json_path::path_string;
use super::param_path::Params;
pub use super::path::{PathMode, PathSpec};
use super::text::list32;
use super::world::Edges;
use crate::draw::Overlay;
use crate::json_path::{Strict, StrictVisitor};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::fmt;

/// Caps that keep a hostile or mistaken scenario from freezing the page.
pub const MAX_AGENTS: usize = 200_000;
pub const MAX_WORLD: f32 = 100_000.0;
pub const MAX_JSON_BYTES: usize = 1 << 20;
/// Speed and force caps: squared speeds and forces stay far inside f32 (a max_speed of 1e30 made
/// `|v|` overflow to infinity, so the speed limit and the heading could not be computed).
pub const MAX_SPEED: f32 = 1.0e6;
pub const MAX_FORCE: f32 = 1.0e9;
/// Controls per scenario and options per select.
pub const MAX_CONTROLS: usize = 64;
/// Behaviour weight cap (sliders go to about 5).
pub const MAX_WEIGHT: f32 = 1.0e6;
/// Drawn agent size cap, world units.
pub const MAX_AGENT_SIZE: f32 = 1000.0;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// The JSON Schema the file follows (the built-in scenarios say `"./scenario.schema.json"`, so
    /// editors check and complete them); ignored by the simulation.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// Short identifier, e.g. `"flock"`.
    pub name: String,
    /// Shown above the canvas with `data-title="true"`, and as the canvas's accessible name: one
    /// text, or one per language (`{"en": "…", "es": "…", "pt": "…"}`, any BCP 47 tag: a `pt-BR`
    /// page reads `pt-BR`, else `pt`, else `en`, else the first).
    #[serde(default, skip_serializing_if = "Text::is_empty")]
    pub title: Text,
    /// The title on Spanish pages (older form of `{"es": …}` in `title`; `title`'s own `es` wins).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title_es: String,
    /// Shown under the canvas: what to look at. One text, or one per language (as `title`). Instructions that
    /// depend on the reader's pointer are written `{touch|mouse}` (`{Tap|Click} a boid`): a reader
    /// on a touch screen reads the first, one with a mouse the second.
    #[serde(default, skip_serializing_if = "Text::is_empty")]
    pub caption: Text,
    /// The caption on Spanish pages (older form of `{"es": …}` in `caption`; `caption`'s own `es` wins).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub caption_es: String,
    /// The world rectangle (world units: pixels of the tutorials' canvases) and its edges.
    pub world: WorldSpec,
    /// Seeds the random numbers (spawn, wander, respawn): the same seed gives the same run.
    #[serde(default)]
    pub seed: u64,
    /// Speed and force limits of every agent.
    #[serde(default)]
    pub motion: Motion,
    /// `{"count": N}` to spawn N agents at random, or a list of hand-placed agents.
    pub agents: Agents,
    /// The behaviours every agent runs, in this order; their forces are weighted, summed and
    /// limited to `max_force`.
    #[serde(default)]
    pub behaviours: Vec<Behaviour>,
    /// Circles the `avoid_obstacles` behaviour steers around (clicks add more in the playground).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub obstacles: Vec<Obstacle>,
    /// Points `seek_food` goes for, as `[x, y]` (eaten on contact).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub food: Vec<[f32; 2]>,
    /// The editable path of `path_waypoints` / `path_tube` (steering-iv §4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<PathSpec>,
    /// Neighbour query used by the flocking rules.
    #[serde(default)]
    pub neighbours: NeighbourQuery,
    #[serde(default)]
    pub overlays: Vec<Overlay>,
    /// Behaviours whose own overlays are not drawn, by `type` (e.g. `["evade"]`: no panic circle
    /// around every evader). Their forces still steer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overlays_off: Vec<String>,
    #[serde(default)]
    pub controls: Vec<Control>,
    /// Agent highlighted from the start (force breakdown, spatial-hash "self").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selected: Option<usize>,
    /// What a click or drag on the canvas does.
    #[serde(default)]
    pub interaction: Interaction,
    /// What a click places in the playground.
    #[serde(default)]
    pub click: ClickAction,
    /// Drawn size of an agent, world units.
    #[serde(default = "d_agent_size")]
    pub agent_size: f32,
    /// Show the fps / step / draw readout.
    #[serde(default)]
    pub hud: bool,
    /// Which engine steps the flock (see [`Engine`]).
    #[serde(default, skip_serializing_if = "Engine::is_standard")]
    pub engine: Engine,
}

/// `"standard"`: every behaviour, grid or naive neighbour queries. `"fast"`: the exact flocking
/// engine of `sim/fast.rs` for large flocks (separation, alignment and cohesion on a wrapping world
/// only; the shell draws its agents as one pixel buffer, `sim/raster.rs`). `"gpu"` and `"auto"`:
/// the same rules on the GPU (WebGPU compute shaders, `www/gpu/`) where the browser offers WebGPU,
/// decided when the canvas mounts (`www/boot.js`); everywhere else, and in the core, the fast
/// engine, and the HUD says which one runs. The two names choose alike: `"gpu"` says the scenario
/// is meant for the GPU, `"auto"` that either engine suits it.
// Read and written by name by hand (below): the derives' code for four variants cost the gallery's
// module ~0.2 KB gzipped more than these few lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, serde(rename_all = "snake_case"))]
pub enum Engine {
    /// Every behaviour; grid or naive neighbour queries.
    #[default]
    Standard,
    /// The exact flocking engine for large flocks on the CPU (separation, alignment and cohesion on a wrapping world).
    Fast,
    /// The same rules on the GPU (WebGPU compute shaders, loaded only for this canvas) where the browser offers WebGPU; the `fast` engine elsewhere. Decided when the canvas mounts; the HUD names the engine that runs.
    Gpu,
    /// Chooses like `gpu`: the GPU engine where WebGPU is available, else the `fast` engine.
    Auto,
}

const ENGINE_NAMES: &[&str] = &["standard", "fast", "gpu", "auto"];

impl Serialize for Engine {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(ENGINE_NAMES[*self as usize])
    }
}

impl<'de> Deserialize<'de> for Engine {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Name;
        impl Visitor<'_> for Name {
            type Value = Engine;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an engine name")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Engine, E> {
                match v {
                    "standard" => Ok(Engine::Standard),
                    "fast" => Ok(Engine::Fast),
                    "gpu" => Ok(Engine::Gpu),
                    "auto" => Ok(Engine::Auto),
                    _ => Err(E::unknown_variant(v, ENGINE_NAMES)),
                }
            }
        }
        d.deserialize_str(Name)
    }
}

impl Engine {
    pub fn is_standard(&self) -> bool {
        *self == Engine::Standard
    }
    /// Whether the core steps the flock on the fast engine (`"fast"`, and `"gpu"`/`"auto"` where
    /// the GPU engine does not run: the core's fallback).
    pub fn is_fast(&self) -> bool {
        matches!(self, Engine::Fast | Engine::Gpu | Engine::Auto)
    }
}

fn d_agent_size() -> f32 {
    7.0
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct WorldSpec {
    /// World units (the canvas keeps this aspect ratio).
    pub width: f32,
    pub height: f32,
    /// What happens at the walls.
    #[serde(default)]
    pub edges: Edges,
    /// With `steer_to_center`: the band along the walls where agents are pushed back.
    #[serde(default = "d_margin")]
    pub margin: f32,
}

fn d_margin() -> f32 {
    40.0
}

/// Speed limits shared by all agents. The seed's Unity boid has maxSpeed 5 and maxForce 12 with
/// perception 3; at perception 48 px (×16) that is 80 px/s and 192 px/s².
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Motion {
    /// World units per second.
    #[serde(default = "d_max_speed")]
    pub max_speed: f32,
    /// The longest steering force: world units per second².
    #[serde(default = "d_max_force")]
    pub max_force: f32,
    /// Moving agents are sped up to at least this (bandada-app's minimum speed); at most
    /// `max_speed`.
    #[serde(default)]
    pub min_speed: f32,
}

fn d_max_speed() -> f32 {
    80.0
}
fn d_max_force() -> f32 {
    192.0
}

impl Default for Motion {
    fn default() -> Self {
        Motion { max_speed: d_max_speed(), max_force: d_max_force(), min_speed: 0.0 }
    }
}

/// Either `{"count": N, "area": [x0, y0, x1, y1], "speed": s}` (spawned at random, seeded) or a
/// list of hand-placed agents `[{"position": [x, y], "velocity": [vx, vy]}, …]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum Agents {
    Spawn(SpawnSpec),
    List(Vec<AgentSpec>),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SpawnSpec {
    /// How many agents.
    pub count: usize,
    /// Rectangle `[x0, y0, x1, y1]` to spawn in; the whole world if absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<[f32; 4]>,
    /// Initial speed (random direction); `motion.max_speed` if absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<f32>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct AgentSpec {
    /// `[x, y]` in world units (brought inside the world if outside).
    pub position: [f32; 2],
    /// `[vx, vy]` in world units per second.
    #[serde(default)]
    pub velocity: [f32; 2],
}

impl<'de> Deserialize<'de> for Agents {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Agents;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(r#"{"count": N} or a list of {"position": [x, y], "velocity": [x, y]}"#)
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Agents, A::Error> {
                SpawnSpec::deserialize(de::value::MapAccessDeserializer::new(map)).map(Agents::Spawn)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Agents, A::Error> {
                Vec::<AgentSpec>::deserialize(de::value::SeqAccessDeserializer::new(seq)).map(Agents::List)
            }
        }
        d.deserialize_any(V)
    }
}

impl Agents {
    pub fn count(&self) -> usize {
        match self {
            Agents::Spawn(s) => s.count,
            Agents::List(l) => l.len(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum NeighbourQuery {
    #[default]
    Grid,
    Naive,
}

// The behaviours (their parameters, checks and everything else they own) live in
// `sim::behaviours`, one file each; the format lists them.
pub use super::behaviours::Behaviour;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Obstacle {
    /// `[x, y]`, world units.
    pub center: [f32; 2],
    pub radius: f32,
}

/// What a click does in the playground.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ClickAction {
    #[default]
    Obstacle,
    Food,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Interaction {
    /// Click an agent to select it.
    #[default]
    Select,
    /// Click or drag to choose the spatial hash's "self" (follows the pointer while dragging).
    ChooseSelf,
    /// The pointer is the player the flock flees; clicks place obstacles or drop food.
    Playground,
    /// Path editing: click empty canvas to add a waypoint, drag one to move it, double-click (or
    /// select + Delete) to remove it.
    Waypoints,
    /// Click or drag to set the follow-leader leader's target (the pointer goes to the behaviours,
    /// as with `Pointer`).
    Leader,
    /// The pointer goes to the behaviours ([`super::behaviours::Behave::pointer`]): a click or a
    /// drag moves seek's target or flee's threat, a click reseeds the flow field.
    Pointer,
}

impl Interaction {
    /// Whether pointer input goes to the behaviours' own `pointer` hook.
    pub fn to_behaviours(self) -> bool {
        matches!(self, Interaction::Leader | Interaction::Pointer)
    }
}

/// A control shown beside the canvas.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Control {
    /// Parameter path for `set`, e.g. `"separation.weight"` (checked when the viewer mounts).
    pub param: String,
    /// The control's label: one text, or one per language (as the scenario's `title`).
    pub label: Text,
    /// The label on Spanish pages (older form of `{"es": …}` in `label`; `label`'s own `es` wins).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub label_es: String,
    /// `slider` (min, max, step), `toggle` (a boolean parameter) or `select` (options).
    #[serde(default)]
    pub kind: ControlKind,
    /// Slider range and step (a slider needs min < max and step > 0).
    #[serde(default)]
    pub min: f64,
    #[serde(default = "d_max")]
    pub max: f64,
    #[serde(default = "d_step")]
    pub step: f64,
    /// Choices for `select` controls.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// What a `select` shows for each option, in the order of `options` (the option itself if
    /// empty): each one text, or one per language (as the scenario's `title`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub option_labels: Vec<Text>,
    /// The same on Spanish pages (older form of `{"es": …}` in each of `option_labels`; their
    /// own `es` wins).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub option_labels_es: Vec<String>,
}

impl Control {
    /// The label on a page in the language `tag`.
    pub fn label_in(&self, tag: &str) -> &str {
        pick(&self.label, &self.label_es, tag)
    }

    /// The text a `select` shows for option `k` on a page in the language `tag` (`"es"`, `"pt-BR"` …).
    pub fn option_label(&self, k: usize, tag: &str) -> &str {
        static NONE: Text = Text::One(String::new());
        let es = self.option_labels_es.get(k).map_or("", |s| s.as_str());
        let shown = pick(self.option_labels.get(k).unwrap_or(&NONE), es, tag);
        if shown.is_empty() {
            self.options.get(k).map_or("", |s| s.as_str())
        } else {
            shown
        }
    }
}

fn d_max() -> f64 {
    1.0
}
fn d_step() -> f64 {
    0.01
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ControlKind {
    #[default]
    Slider,
    Toggle,
    Select,
}

// ---------------------------------------------------------------------------------------------
// Parsing and validation

/// Parse scenario JSON text; errors name the field path (`behaviours[1]: unknown field ...`).
pub fn parse(text: &str) -> Result<Scenario, String> {
    if text.len() > MAX_JSON_BYTES {
        return Err(format!("scenario: {} bytes is too large (at most {} bytes)", text.len(), MAX_JSON_BYTES));
    }
    match text.trim_start().chars().next() {
        Some('{') => {}
        None => return Err("scenario: empty text (EOF while parsing): expected a JSON object".into()),
        Some(_) => return Err("scenario: must be a JSON object `{ \"name\": …, \"world\": … }`".into()),
    }
    // Two steps, both tracking the field path: the text into a JSON value (syntax errors: the
    // field and the line and column, `world: trailing comma at line 1 column 37`), then the value
    // into the typed scenario (`world.width: invalid type: string "wide", expected f32`, through
    // `json_path`, which notes the path itself). Reading the types straight from the text compiled
    // every struct's reader against the text parser (3.4 KB gzipped more wasm); this way the text
    // parser is compiled for `Value` only.
    let value = read_text(text)?;
    let sc: Scenario = super::json_path::from_value(&value)
        .map_err(|(path, e)| clip(format!("{}: {}", tidy_path(&path), for_people(&e.to_string()))))?;
    sc.validate().map_err(clip)?;
    Ok(sc)
}

/// Scenario text into a JSON value (keys once per object); errors start with the field path.
pub(crate) fn read_text(text: &str) -> Result<serde_json::Value, String> {
    let path = RefCell::new(Vec::new());
    let de = &mut serde_json::Deserializer::from_str(text);
    StrictVisitor { path: Some(&path), step: None }
        .deserialize(de)
        .map(|Strict(v)| v)
        .map_err(|e| clip(format!("{}: {}", tidy_path(&path_string(&path.borrow())), for_people(&e.to_string()))))
}

/// Build from an already-parsed JSON value (the `set` route), with the same messages and the same
/// checks as text (the size cap included), through `parse`; the text is short.
pub fn from_value(value: serde_json::Value) -> Result<Scenario, String> {
    if !value.is_object() {
        return Err("scenario: must be a JSON object `{ \"name\": …, \"world\": … }`".into());
    }
    parse(&serde_json::to_string(&value).map_err(|e| e.to_string())?)
}

/// Messages are shown on the canvas and in the console: serde quotes the offending input
/// ("invalid type: string \"…\"") and a 500 kB string made a 500 kB message. Cut long ones.
pub const MAX_MESSAGE_CHARS: usize = 300;

/// serde's reasons in the words of the JSON an author writes: no Rust type names (`f32`, `usize`,
/// `struct WorldSpec`, `variant`), JSON's names for the kinds of value (`object`, `list`).
pub(crate) fn for_people(reason: &str) -> String {
    // (pattern, words, whether a Rust name follows to drop: `struct WorldSpec`). Bytes and ASCII
    // only: `char` classes and `&str` searches would link Unicode tables and core's two-way
    // searcher into the module (2.6 KB gzipped when this was written with them).
    const WORDS: &[(&str, &str, bool)] = &[
        ("unknown variant", "unknown value", false),
        ("variant identifier", "a name", false),
        ("floating point", "number", false),
        ("unit value", "null", false),
        ("type: map", "type: object", false),
        ("type: sequence", "type: list", false),
        ("expected a sequence", "expected a list", false),
        ("expected f32", "expected a number", false),
        ("expected f64", "expected a number", false),
        // usize, u64 …; i32, i64 (no other serde reason says `expected u…` or `expected i…`).
        ("expected u", "expected a whole number, 0 or more", true),
        ("expected i", "expected a whole number", true),
        ("expected struct ", "expected an object", true),
        ("expected enum ", "expected a name", true),
    ];
    let word = |c: &u8| c.is_ascii_alphanumeric() || *c == b'_';
    let b = reason.as_bytes();
    let mut out = String::with_capacity(reason.len() + 16);
    let (mut i, mut from) = (0, 0);
    while i < b.len() {
        let rest = &b[i..];
        let hit = WORDS
            .iter()
            .find(|(p, _, name)| rest.starts_with(p.as_bytes()) && (*name || !rest.get(p.len()).is_some_and(word)));
        match hit {
            // Patterns are ASCII, so `i` is on a character boundary.
            Some((p, words, name)) => {
                out.push_str(&reason[from..i]);
                out.push_str(words);
                i += p.len();
                if *name {
                    while b.get(i).is_some_and(word) {
                        i += 1;
                    }
                }
                from = i;
            }
            None => i += 1,
        }
    }
    out.push_str(&reason[from..]);
    out
}

/// The path as messages write it: the document itself is called `scenario`, and 128 levels of
/// nesting (`x[0][0]…`) are cut after 80 characters so that the reason still fits.
fn tidy_path(path: &str) -> String {
    if path.is_empty() {
        return "scenario".into();
    }
    match path.char_indices().nth(80) {
        Some((i, _)) => format!("{}…", &path[..i]),
        None => path.to_owned(),
    }
}

pub(crate) fn clip(msg: String) -> String {
    // A list of allowed values (the format's own words, a few hundred characters at most) is kept
    // whole; what comes before it, which quotes the input, is cut.
    // (Bytes, not `str::find`: a `&str` pattern links core's two-way searcher into the module.)
    const LIST: &[u8] = b", expected one of ";
    if let Some(at) = msg.as_bytes().windows(LIST.len()).position(|w| w == LIST) {
        let (head, tail) = msg.split_at(at);
        return format!("{}{tail}", clip(head.to_owned()));
    }
    match msg.char_indices().nth(MAX_MESSAGE_CHARS) {
        Some((i, _)) => format!("{} …", &msg[..i]),
        None => msg,
    }
}

impl Scenario {
    /// Rules that parsing cannot express: finite numbers, positive radii and speeds, caps.
    pub fn validate(&self) -> Result<(), String> {
        for (k, t) in self.overlays_off.iter().enumerate() {
            if !self.behaviours.iter().any(|b| b.kind() == t) {
                let have: Vec<&str> = self.behaviours.iter().map(|b| b.kind()).collect();
                return Err(format!(
                    "overlays_off[{k}]: \"{}\" is not the type of a behaviour of this scenario (its behaviours: {})",
                    t.chars().take(40).collect::<String>(),
                    if have.is_empty() { "none".to_string() } else { have.join(", ") }
                ));
            }
        }
        let w = Check { path: "world" };
        w.positive("width", self.world.width)?;
        w.positive("height", self.world.height)?;
        w.at_most("width", self.world.width, MAX_WORLD)?;
        w.at_most("height", self.world.height, MAX_WORLD)?;
        w.non_negative("margin", self.world.margin)?;

        let m = Check { path: "motion" };
        m.positive("max_speed", self.motion.max_speed)?;
        m.at_most("max_speed", self.motion.max_speed, MAX_SPEED)?;
        m.non_negative("max_force", self.motion.max_force)?;
        m.at_most("max_force", self.motion.max_force, MAX_FORCE)?;
        m.non_negative("min_speed", self.motion.min_speed)?;
        if self.motion.min_speed > self.motion.max_speed {
            return Err(format!(
                "motion.min_speed: must be <= motion.max_speed ({}), got {}",
                fmt_num(self.motion.max_speed),
                fmt_num(self.motion.min_speed)
            ));
        }
        Check { path: "" }
            .positive("agent_size", self.agent_size)
            .map_err(|e| e.trim_start_matches('.').to_string())?;
        // The selected agent is drawn 1.4× larger: f32::MAX overflowed to an infinite size.
        Check { path: "" }
            .at_most("agent_size", self.agent_size, MAX_AGENT_SIZE)
            .map_err(|e| e.trim_start_matches('.').to_string())?;

        match &self.agents {
            Agents::Spawn(s) => {
                if s.count == 0 {
                    return Err("agents.count: must be at least 1, got 0".into());
                }
                if s.count > MAX_AGENTS {
                    return Err(format!("agents.count: must be at most {MAX_AGENTS}, got {}", s.count));
                }
                let c = Check { path: "agents" };
                if let Some(a) = s.area {
                    for (k, v) in a.iter().enumerate() {
                        c.finite(&format!("area[{k}]"), *v)?;
                    }
                    if a[2] < a[0] || a[3] < a[1] {
                        return Err(format!(
                            "agents.area: must be [x0, y0, x1, y1] with x0 <= x1 and y0 <= y1, got {}",
                            list32(&a)
                        ));
                    }
                }
                if let Some(v) = s.speed {
                    c.non_negative("speed", v)?;
                }
            }
            Agents::List(l) => {
                if l.is_empty() {
                    return Err("agents: the list must name at least one agent".into());
                }
                if l.len() > MAX_AGENTS {
                    return Err(format!("agents: at most {MAX_AGENTS} agents, got {}", l.len()));
                }
                for (i, a) in l.iter().enumerate() {
                    let p = format!("agents[{i}]");
                    let c = Check { path: &p };
                    c.point("position", a.position)?;
                    c.point("velocity", a.velocity)?;
                }
            }
        }

        if self.behaviours.len() > 64 {
            return Err(format!("behaviours: at most 64, got {}", self.behaviours.len()));
        }
        let mut flock_seen: [Option<usize>; 3] = [None; 3];
        for (i, b) in self.behaviours.iter().enumerate() {
            let p = format!("behaviours[{i}]");
            b.validate(&Check { path: &p }, &self.setup())?;
            // The flocking rules share one neighbour pass: each may appear once.
            let slot = match b.flock_rule() {
                Some(FlockRule::Separation { .. }) => Some(0),
                Some(FlockRule::Alignment { .. }) => Some(1),
                Some(FlockRule::Cohesion { .. }) => Some(2),
                None => None,
            };
            if let Some(k) = slot {
                if let Some(first) = flock_seen[k] {
                    return Err(format!(
                        "{p}: a second `{}` (the first is behaviours[{first}]); the flocking rules share one neighbour pass, so list each at most once",
                        b.kind()
                    ));
                }
                flock_seen[k] = Some(i);
            }
        }
        // Every behaviour's `weight` (`Behaviour::weight` matches them all, so new behaviours are
        // covered): weight × force must stay finite in f32, or the weighted sum overflows and the
        // force is lost.
        for (i, b) in self.behaviours.iter().enumerate() {
            Check { path: &format!("behaviours[{i}]") }.at_most("weight", b.weight(), MAX_WEIGHT)?;
        }
        if self.obstacles.len() > MAX_LIST {
            return Err(format!("obstacles: at most {MAX_LIST}, got {}", self.obstacles.len()));
        }
        for (i, o) in self.obstacles.iter().enumerate() {
            let p = format!("obstacles[{i}]");
            let c = Check { path: &p };
            c.point("center", o.center)?;
            c.positive("radius", o.radius)?;
        }
        if self.food.len() > MAX_LIST {
            return Err(format!("food: at most {MAX_LIST}, got {}", self.food.len()));
        }
        for (i, f) in self.food.iter().enumerate() {
            Check { path: "food" }.point(&format!("[{i}]"), *f)?;
        }
        super::path::validate_path(self.path.as_ref())?;
        if self.engine.is_fast() {
            if self.world.edges != Edges::Wrap {
                let got = serde_json::to_string(&self.world.edges).unwrap_or_default();
                return Err(format!("world.edges: the fast engine needs \"wrap\", got {got}"));
            }
            if self.neighbours != NeighbourQuery::Grid {
                return Err("neighbours: the fast engine has its own grid; use \"grid\", got \"naive\"".into());
            }
            for (i, b) in self.behaviours.iter().enumerate() {
                if b.flock_rule().is_none() {
                    return Err(format!(
                        "behaviours[{i}]: the fast engine runs only separation, alignment and cohesion, got {}",
                        b.kind()
                    ));
                }
            }
        }
        if let Some(s) = self.selected {
            if s >= self.agents.count() {
                return Err(format!("selected: no agent {s} (there are {})", self.agents.count()));
            }
        }
        // Each control is a row of DOM elements: a scenario must not be able to ask for 40 000.
        if self.controls.len() > MAX_CONTROLS {
            return Err(format!("controls: at most {MAX_CONTROLS}, got {}", self.controls.len()));
        }
        for (i, c) in self.controls.iter().enumerate() {
            let p = format!("controls[{i}]");
            if c.options.len() > MAX_CONTROLS {
                return Err(format!("{p}.options: at most {MAX_CONTROLS}, got {}", c.options.len()));
            }
            if !(c.min.is_finite() && c.max.is_finite() && c.step.is_finite()) {
                return Err(format!("{p}: min, max and step must be finite numbers"));
            }
            if c.kind == ControlKind::Slider && (c.max <= c.min || c.step <= 0.0) {
                return Err(format!(
                    "{p}: a slider needs min < max and step > 0, got min {} max {} step {}",
                    fmt_f64(c.min),
                    fmt_f64(c.max),
                    fmt_f64(c.step)
                ));
            }
            if c.kind == ControlKind::Select && c.options.is_empty() {
                return Err(format!("{p}.options: a select needs at least one option"));
            }
            for (field, n) in [("option_labels", c.option_labels.len()), ("option_labels_es", c.option_labels_es.len())]
            {
                if n != 0 && n != c.options.len() {
                    return Err(format!("{p}.{field}: one label per option ({} options), got {}", c.options.len(), n));
                }
            }
        }
        check_controls(self)
    }
}

/// Words an author writes for readers: one text for every language, or one per language keyed by
/// its BCP 47 tag (`{"en": "…", "es": "…", "pt": "…"}`); a reader's language without its own reads
/// its fallbacks (`pt-BR` → `pt`), then English, else the first.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum Text {
    One(String),
    // (tag, text) pairs in the order written: a list rather than a map, for a smaller module.
    ByLanguage(
        #[serde(serialize_with = "as_object")]
        #[cfg_attr(test, schemars(with = "std::collections::BTreeMap<String, String>"))]
        Vec<(String, String)>,
    ),
}

fn as_object<S: serde::Serializer>(pairs: &[(String, String)], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut m = s.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        m.serialize_entry(k, v)?;
    }
    m.end()
}

impl Default for Text {
    fn default() -> Self {
        Text::One(String::new())
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Self {
        Text::One(s.to_string())
    }
}

impl Text {
    pub fn is_empty(&self) -> bool {
        match self {
            Text::One(s) => s.is_empty(),
            Text::ByLanguage(m) => m.iter().all(|(_, t)| t.is_empty()),
        }
    }

    /// The text for exactly the language `tag` (`"pt-BR"`, in any case, `_` or `-`), if this one
    /// has its own.
    pub fn own(&self, tag: &str) -> Option<&str> {
        match self {
            Text::One(_) => None,
            Text::ByLanguage(m) => {
                m.iter().find(|(k, t)| crate::text::same_lang(k, tag) && !t.is_empty()).map(|(_, t)| t.as_str())
            }
        }
    }

    /// The text for a reader of `tag`: its language's own, else its fallbacks' (`pt-BR` → `pt` →
    /// `en`), else the first.
    pub fn get(&self, tag: &str) -> &str {
        pick(self, "", tag)
    }

    /// The one text, or the first non-empty one.
    fn first(&self) -> &str {
        match self {
            Text::One(s) => s,
            Text::ByLanguage(m) => m.iter().find(|(_, t)| !t.is_empty()).map_or("", |(_, t)| t.as_str()),
        }
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Text;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a text, or an object of texts by language such as {\"en\": \"…\", \"es\": \"…\"}")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Text, E> {
                Ok(Text::One(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Text, A::Error> {
                // Values read whole, then checked here: a message then names the text itself.
                let mut m = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, serde_json::Value>()? {
                    match v {
                        serde_json::Value::String(t) if !k.is_empty() => m.push((k, t)),
                        _ => return Err(de::Error::custom(
                            "each text by language is a language tag and a text, e.g. {\"en\": \"…\", \"es\": \"…\"}",
                        )),
                    };
                }
                Ok(Text::ByLanguage(m))
            }
        }
        d.deserialize_any(V)
    }
}

impl Scenario {
    /// The title on a page in the language `tag`.
    pub fn title_in(&self, tag: &str) -> &str {
        pick(&self.title, &self.title_es, tag)
    }

    /// The caption on a page in the language `tag`.
    pub fn caption_in(&self, tag: &str) -> &str {
        pick(&self.caption, &self.caption_es, tag)
    }

    /// What the behaviours may read of this scenario besides their parameters.
    pub fn setup(&self) -> crate::setup::Setup<'_> {
        crate::setup::Setup {
            seed: self.seed,
            max_speed: self.motion.max_speed,
            agent_count: self.agents.count(),
            path: self.path.as_ref(),
        }
    }

    /// Reset `scene` to this scenario's obstacles, food and path.
    pub fn reset_scene(&self, scene: &mut crate::scene::Scene) {
        let obstacles = self.obstacles.iter().map(|o| (glam::Vec2::from(o.center), o.radius));
        scene.reset(obstacles, &self.food, self.path.as_ref());
    }
}

/// A text for a reader of `tag`: for each language of its chain (`es-MX` → `es` → `en`), its own
/// text, or for Spanish the older `_es` field; then the one text or the first.
fn pick<'a>(t: &'a Text, es: &'a str, tag: &str) -> &'a str {
    for l in crate::text::lang_chain(tag) {
        if let Some(s) = t.own(l) {
            return s;
        }
        if crate::text::same_lang(l, "es") && !es.is_empty() {
            return es;
        }
    }
    t.first()
}

/// Every control names an existing parameter of the kind it edits (a slider a number, a toggle a
/// boolean, a select a string). A missing one fails with the message `set` gives for that path,
/// after the control's place: `controls[1].param: cohesion.wieght: unknown parameter`. Part of the
/// scenario's validation, so `mount`, `validate` and the parser agree.
fn check_controls(sc: &Scenario) -> Result<(), String> {
    if sc.controls.is_empty() {
        return Ok(());
    }
    let text = serde_json::to_string(sc).map_err(|e| e.to_string())?;
    let doc = Params(read_text(&text)?);
    for (k, c) in sc.controls.iter().enumerate() {
        let v = doc.get(&c.param).map_err(|e| format!("controls[{k}].param: {e}"))?;
        let (ok, want) = match c.kind {
            ControlKind::Slider => (v.is_number(), "a number (slider)"),
            ControlKind::Toggle => (v.is_boolean(), "true or false (toggle)"),
            ControlKind::Select => (v.is_string(), "a string (select)"),
        };
        if !ok {
            return Err(format!("controls[{k}].param: `{}` is not {want}", c.param));
        }
    }
    Ok(())
}
