//! The scenario format (one JSON file per visualisation in `scenarios/`): its types. Parsing, with
//! every mistake named by its field path, is `scenario/parse.rs`; the rules across fields,
//! `scenario/validate.rs`. Everything a viewer shows comes from here: world, seed, agents,
//! behaviours with their parameters and weights, overlays, controls and caption.

pub use super::path::{PathMode, PathSpec};
use super::world::Edges;
use crate::draw::Overlay;
pub use crate::text::Reader;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

mod error;
mod parse;
mod validate;
pub use error::{Mistake, ScenarioError};
pub(crate) use parse::read_text;
pub use parse::{clip, from_value, parse, MAX_MESSAGE_CHARS, MAX_MISTAKES};

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
    /// page reads `pt-BR`, else `pt`, else `en`, else the first), or a key of the page's words
    /// files (`{"words": "scenario.flock.title"}`: the built-in scenarios' texts are such keys, in
    /// every shipped language; texts by language beside it come first for their languages).
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
    /// The label for a reader.
    pub fn label_in<'a>(&'a self, r: &(impl Reader + ?Sized)) -> &'a str {
        pick(&self.label, &self.label_es, r)
    }

    /// The text a `select` shows for option `k` for a reader (a page's language, `"es"`, `"pt-BR"` …).
    pub fn option_label<'a>(&'a self, k: usize, r: &(impl Reader + ?Sized)) -> &'a str {
        static NONE: Text = Text::One(String::new());
        let es = self.option_labels_es.get(k).map_or("", |s| s.as_str());
        let shown = pick(self.option_labels.get(k).unwrap_or(&NONE), es, r);
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

/// Words an author writes for readers: one text for every language, or one per language keyed by
/// its BCP 47 tag (`{"en": "…", "es": "…", "pt": "…"}`); a reader's language without its own reads
/// its fallbacks (`pt-BR` → `pt`), then English, else the first. Or a key of the words files
/// (`{"words": "scenario.flock.title"}`): the text the page's words give that key in the reader's
/// language (the built-in scenarios' texts are such keys; docs/words.md), after the texts by
/// language written beside it (`{"words": "…", "pt": "…"}`: a Portuguese reader reads "pt").
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

    /// The text for a reader: its language's own, else its fallbacks' (`pt-BR` → `pt` → `en`),
    /// else the first; for a words key, the reader's words.
    pub fn get<'a>(&'a self, r: &(impl Reader + ?Sized)) -> &'a str {
        pick(self, "", r)
    }

    /// The words key this text names (`{"words": "scenario.flock.title"}`), if it names one.
    #[inline(always)]
    pub fn key(&self) -> Option<&str> {
        self.own(WORDS)
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
                f.write_str(TEXT)
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
                        _ => return Err(de::Error::custom(TEXT)),
                    };
                }
                Ok(Text::ByLanguage(m))
            }
        }
        d.deserialize_any(V)
    }
}

impl Scenario {
    /// The title for a reader (a page's language, or a bare tag: `"es"`).
    pub fn title_in<'a>(&'a self, r: &(impl Reader + ?Sized)) -> &'a str {
        pick(&self.title, &self.title_es, r)
    }

    /// The caption for a reader.
    pub fn caption_in<'a>(&'a self, r: &(impl Reader + ?Sized)) -> &'a str {
        pick(&self.caption, &self.caption_es, r)
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

/// What a text is, for messages (one text for both, a smaller module).
const TEXT: &str = "a text, or an object of texts by language such as {\"en\": \"…\", \"es\": \"…\"}";

/// The tag of a text's entry that names a words key instead of a language.
const WORDS: &str = "words";

/// A text for a reader: for each language of the reader's chain (`es-MX` → `es` → `en`), its own
/// text, or for Spanish the older `_es` field; then a words key's text in the reader's words (""
/// without one); then the one text or the first.
fn pick<'a>(t: &'a Text, es: &'a str, r: &(impl Reader + ?Sized)) -> &'a str {
    for l in crate::text::lang_chain(r.tag()) {
        if let Some(s) = t.own(l) {
            return s;
        }
        if !es.is_empty() && crate::text::same_lang(l, "es") {
            return es;
        }
    }
    match t.key() {
        Some(k) => r.word(k).unwrap_or(""),
        None => t.first(),
    }
}
