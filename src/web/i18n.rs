//! Interface strings in English and Spanish (the tutorials are Spanish).

pub use crate::lang::Lang;

impl Lang {
    pub fn t(self, key: &str) -> &'static str {
        let es = self == Lang::Es;
        match key {
            "play" => {
                if es {
                    "▶ Reproducir"
                } else {
                    "▶ Play"
                }
            }
            "pause" => {
                if es {
                    "❚❚ Pausa"
                } else {
                    "❚❚ Pause"
                }
            }
            "step" => {
                if es {
                    "Paso →"
                } else {
                    "Step →"
                }
            }
            "reset" => {
                if es {
                    "↺ Reiniciar"
                } else {
                    "↺ Reset"
                }
            }
            "seed" => {
                if es {
                    "Nueva semilla"
                } else {
                    "New seed"
                }
            }
            "save" => {
                if es {
                    "Guardar imagen"
                } else {
                    "Save image"
                }
            }
            "overlays" => {
                if es {
                    "Capas"
                } else {
                    "Overlays"
                }
            }
            "perception" => {
                if es {
                    "percepción"
                } else {
                    "perception"
                }
            }
            "sep_dist" => "sep_dist",
            "velocity" => {
                if es {
                    "velocidades"
                } else {
                    "velocities"
                }
            }
            "forces" => {
                if es {
                    "fuerzas"
                } else {
                    "forces"
                }
            }
            "grid" => {
                if es {
                    "rejilla"
                } else {
                    "grid"
                }
            }
            "canvas" => {
                if es {
                    "Simulación de steering"
                } else {
                    "Steering simulation"
                }
            }
            "keys" => {
                if es {
                    "Espacio: reproducir/pausa, →: paso, R: reiniciar"
                } else {
                    "Space: play/pause, →: step, R: reset"
                }
            }
            "agents" => {
                if es {
                    "agentes"
                } else {
                    "agents"
                }
            }
            "polarisation" => {
                if es {
                    "polarización"
                } else {
                    "polarisation"
                }
            }
            "checks" => {
                if es {
                    "comprobaciones"
                } else {
                    "distance checks"
                }
            }
            "error" => {
                if es {
                    "Error en la visualización"
                } else {
                    "Visualisation error"
                }
            }
            _ => "",
        }
    }
}
