//! The registry's macro: from one line per behaviour (in `mod.rs`) the `Behaviour` and `State`
//! enums, their JSON reading and the dispatch to each behaviour's `Behave` methods.

/// Generates, from one line per behaviour (`Variant(module::Type)`, the variant named as the
/// `type` in CamelCase), the [`Behaviour`] and [`State`] enums, their JSON reading, and the
/// dispatch to each behaviour's [`Behave`] methods.
macro_rules! registry {
    ($($v:ident($m:ident::$t:ident),)*) => {
        /// A behaviour and its parameters, as a scenario lists it: `{"type": "separation", …}`.
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[cfg_attr(test, derive(schemars::JsonSchema))]
        #[serde(tag = "type", rename_all = "snake_case")]
        pub enum Behaviour {
            $($v($m::$t),)*
        }

        /// The state of one behaviour of a simulation (parallel to the scenario's behaviours).
        #[derive(Clone, Debug)]
        pub enum State {
            $($v(Inst<$m::$t>),)*
        }

        /// The `type` of a behaviour object, read as an identifier like serde's own tag (its messages:
        /// `behaviours[0].type: unknown variant `teleport`, expected one of …`).
        #[derive(Deserialize)]
        #[serde(variant_identifier, rename_all = "snake_case")]
        enum Kind {
            $($v,)*
        }

        /// Every behaviour's `type`, in registry order.
        pub const KINDS: &[&str] = &[$(<$m::$t as Behave>::KIND,)*];

        /// The fields a behaviour of `kind` requires besides `type` ([`Behave::REQUIRED`]).
        pub fn required(kind: &str) -> &'static str {
            $(if kind == <$m::$t as Behave>::KIND {
                return <$m::$t as Behave>::REQUIRED;
            })*
            ""
        }

        /// The smallest behaviour object of `kind` that parses (in a 400 × 400 world with a path):
        /// its `type` and its [`Behave::REQUIRED`] fields.
        pub fn example(kind: &str) -> Value {
            let fields = required(kind);
            let sep = if fields.is_empty() { "" } else { ", " };
            serde_json::from_str(&format!(r#"{{"type": "{kind}"{sep}{fields}}}"#)).expect("REQUIRED is JSON object members")
        }

        $(
            impl Registered for $m::$t {
                fn params(b: &Behaviour) -> Option<&Self> {
                    match b {
                        Behaviour::$v(x) => Some(x),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
                fn inst(s: &State) -> Option<&Inst<Self>> {
                    match s {
                        State::$v(x) => Some(x),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
                fn inst_mut(s: &mut State) -> Option<&mut Inst<Self>> {
                    match s {
                        State::$v(x) => Some(x),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
            }
        )*

        fn read_kind(kind: Kind, v: &Value) -> Result<Behaviour, super::json_path::Error> {
            use super::json_path::nested;
            match kind {
                $(Kind::$v => nested(v).map(Behaviour::$v),)*
            }
        }

        impl Behaviour {
            /// The `type` (the first segment of its parameter paths).
            pub fn kind(&self) -> &'static str {
                match self { $(Behaviour::$v(_) => <$m::$t as Behave>::KIND,)* }
            }
            pub fn weight(&self) -> f32 {
                match self { $(Behaviour::$v(b) => b.weight(),)* }
            }
            pub fn validate(&self, c: &Check, sc: &Setup) -> Result<(), String> {
                match self { $(Behaviour::$v(b) => b.validate(c, sc),)* }
            }
            pub fn flock_rule(&self) -> Option<FlockRule> {
                match self { $(Behaviour::$v(b) => b.flock_rule(),)* }
            }
            pub fn neighbour_radius(&self) -> f32 {
                match self { $(Behaviour::$v(b) => b.neighbour_radius(),)* }
            }
            pub fn draws_random(&self) -> bool {
                match self { $(Behaviour::$v(b) => b.draws_random(),)* }
            }
            pub fn pseudo(&self, t: &Contribution, p: &mut Lines) {
                match self { $(Behaviour::$v(b) => b.pseudo(t, p),)* }
            }
            pub fn style(&self, rule: &str) -> Style {
                match self { $(Behaviour::$v(b) => b.style(rule),)* }
            }
            pub fn highlight(&self, t: &Contribution, key: &str, h: &mut Highlight) -> bool {
                match self { $(Behaviour::$v(b) => b.highlight(t, key, h),)* }
            }
            pub fn not_inspected_first(&self) -> Option<usize> {
                match self { $(Behaviour::$v(b) => b.not_inspected_first(),)* }
            }
            /// A fresh state for `n` agents.
            pub fn new_state(&self, n: usize) -> State {
                match self {
                    $(Behaviour::$v(_) => State::$v(Inst { state: Default::default(), agents: vec![Default::default(); n] }),)*
                }
            }
            /// Whether `s` is this behaviour's kind of state.
            pub fn owns(&self, s: &State) -> bool {
                matches!((self, s), $((Behaviour::$v(_), State::$v(_)))|*)
            }
            pub fn reset(&self, s: &mut State, agents: &[Agent]) {
                match (self, s) {
                    $((Behaviour::$v(b), State::$v(x)) => {
                        x.state = Default::default();
                        x.agents.clear();
                        x.agents.resize(agents.len(), Default::default());
                        b.reset(x, agents)
                    })*
                    _ => {}
                }
            }
            pub fn pre_forces(&self, s: &mut State, ctx: &ForceCtx) {
                match (self, s) {
                    $((Behaviour::$v(b), State::$v(x)) => b.pre_forces(x, ctx),)*
                    _ => {}
                }
            }
            /// Agent `a.i`'s force from this behaviour; its per-agent state is updated.
            #[inline]
            pub fn force(&self, s: &mut State, ctx: &ForceCtx, a: &mut AgentStep) {
                match (self, s) {
                    $((Behaviour::$v(b), State::$v(x)) => b.force(&x.state, &mut x.agents[a.i], ctx, a),)*
                    _ => {}
                }
            }
            /// The same force on a copy of the agent's state (tracing must not change anything).
            pub fn force_dry(&self, s: &State, ctx: &ForceCtx, a: &mut AgentStep) {
                match (self, s) {
                    $((Behaviour::$v(b), State::$v(x)) => {
                        let mut me = x.agents.get(a.i).copied().unwrap_or_default();
                        b.force(&x.state, &mut me, ctx, a)
                    })*
                    _ => {}
                }
            }
            pub fn post_move(&self, s: &mut State, m: &mut MoveCtx) {
                match (self, s) {
                    $((Behaviour::$v(b), State::$v(x)) => b.post_move(x, m),)*
                    _ => {}
                }
            }
            pub fn pointer(&self, s: &mut State, ev: Pointer, dragging: bool) -> bool {
                match (self, s) {
                    $((Behaviour::$v(b), State::$v(x)) => b.pointer(x, ev, dragging),)*
                    _ => false,
                }
            }
            pub fn waypoint_removed(&self, s: &mut State, k: usize, n: usize, mode: PathMode) {
                match (self, s) {
                    $((Behaviour::$v(b), State::$v(x)) => b.waypoint_removed(x, k, n, mode),)*
                    _ => {}
                }
            }
            pub fn draw(&self, s: &State, v: &View, layer: Layer, list: &mut DrawList) {
                match (self, s) {
                    $((Behaviour::$v(b), State::$v(x)) => b.draw(x, v, layer, list),)*
                    _ => {}
                }
            }
            pub fn draw_selected(&self, s: &State, v: &View, i: usize, ov: Overlays, list: &mut DrawList) {
                match (self, s) {
                    $((Behaviour::$v(b), State::$v(x)) => b.draw_selected(x, v, i, ov, list),)*
                    _ => {}
                }
            }
            pub fn readout(&self, s: &State, v: &View) -> Option<Readout> {
                match (self, s) {
                    $((Behaviour::$v(b), State::$v(x)) => b.readout(x, v),)*
                    _ => None,
                }
            }
            pub fn describe(&self, s: &State, t: &Tell) -> Option<Facts> {
                match (self, s) {
                    $((Behaviour::$v(b), State::$v(x)) => b.describe(x, t),)*
                    _ => None,
                }
            }
            pub fn report(&self, s: &State, v: &View, state: &mut Value) {
                match (self, s) {
                    $((Behaviour::$v(b), State::$v(x)) => b.report(x, v, state),)*
                    _ => {}
                }
            }
            pub fn measures(&self, s: &State, v: &View, out: &mut Measures) {
                match (self, s) {
                    $((Behaviour::$v(b), State::$v(x)) => b.measures(x, v, out),)*
                    _ => {}
                }
            }
        }

        impl State {
            /// Resize the per-agent state to `n` agents (new agents get the default).
            pub fn resize(&mut self, n: usize) {
                match self { $(State::$v(x) => x.agents.resize(n, Default::default()),)* }
            }
            /// Per-agent entries (for invariants in tests).
            pub fn agent_count(&self) -> usize {
                match self { $(State::$v(x) => x.agents.len(),)* }
            }
            /// Bytes it holds, for the history's budget: its own size and the per-agent states
            /// (not what a behaviour's state keeps on the heap: small next to the agents).
            pub fn bytes(&self) -> usize {
                use std::mem::size_of;
                match self {
                    $(State::$v(x) => size_of::<Inst<$m::$t>>() + x.agents.len() * size_of::<<$m::$t as Behave>::PerAgent>(),)*
                }
            }
        }
    };
}
pub(crate) use registry;
