//! What a canvas's `data-controls` attribute asks for (read by the web shell; pure, so tested natively).

/// What `data-controls` asks for: which parts of the widget exist, and whether the figure is
/// compact on every width. Values, space-separated (README, "Data attributes"):
/// `"false"`/`"none"` nothing; absent/`"true"`/`"auto"` everything (compact under 480 px);
/// `"compact"` everything, compact on every width; or a list of parts: `play` (with the steps),
/// `time` (the scrub bar), `menu`, `settings` (parameters and overlays), and `compact`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Parts {
    pub play: bool,
    pub time: bool,
    pub menu: bool,
    pub settings: bool,
    /// Compact at every width (else from 480 CSS px on, the menu and settings are unfolded).
    pub always_compact: bool,
}

impl Parts {
    pub const ALL: Parts = Parts { play: true, time: true, menu: true, settings: true, always_compact: false };
    pub const NONE: Parts = Parts { play: false, time: false, menu: false, settings: false, always_compact: false };

    /// From `data-controls` (`None`: absent).
    pub fn parse(attr: Option<&str>) -> Parts {
        let Some(v) = attr.map(str::trim) else { return Parts::ALL };
        match v {
            "" | "true" | "auto" => Parts::ALL,
            "false" | "none" => Parts::NONE,
            "compact" => Parts { always_compact: true, ..Parts::ALL },
            list => {
                let mut p = Parts::NONE;
                for w in list.split([' ', ',']).filter(|w| !w.is_empty()) {
                    match w {
                        "play" => p.play = true,
                        "time" => p.time = true,
                        "menu" => p.menu = true,
                        "settings" => p.settings = true,
                        "compact" => p.always_compact = true,
                        _ => {}
                    }
                }
                p
            }
        }
    }

    pub fn any(&self) -> bool {
        self.play || self.time || self.menu || self.settings
    }
}

#[cfg(test)]
mod tests {
    use super::Parts;

    #[test]
    fn data_controls_reads_every_form() {
        assert_eq!(Parts::parse(None), Parts::ALL);
        for all in ["", " true ", "auto"] {
            assert_eq!(Parts::parse(Some(all)), Parts::ALL, "{all:?}");
        }
        assert_eq!(Parts::parse(Some("none")), Parts::NONE);
        assert_eq!(Parts::parse(Some("false")), Parts::NONE);
        assert!(!Parts::parse(Some("false")).any());
        assert_eq!(Parts::parse(Some("compact")), Parts { always_compact: true, ..Parts::ALL });
        let p = Parts::parse(Some("play,time  menu"));
        assert_eq!(p, Parts { play: true, time: true, menu: true, settings: false, always_compact: false });
        assert!(p.any());
        // Unknown words are ignored; a list of only unknown words asks for nothing.
        assert_eq!(
            Parts::parse(Some("settings bogus compact")),
            Parts { settings: true, always_compact: true, ..Parts::NONE }
        );
        assert!(!Parts::parse(Some("bogus")).any());
        assert!(!Parts::parse(Some("compact play")).time);
    }
}
