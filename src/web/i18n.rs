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
            "inspector" => "Inspector",
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
                    "Espacio: reproducir/pausa, →: paso, ←: paso atrás, R: reiniciar"
                } else {
                    "Space: play/pause, →: step, ←: step back, R: reset"
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
            "timeline" => {
                if es {
                    "Tiempo: arrastra para rebobinar o repetir (←, → paso a paso)"
                } else {
                    "Time: drag to rewind or replay (←, → step by step)"
                }
            }
            "step_n" => {
                if es {
                    "paso"
                } else {
                    "step"
                }
            }
            "restoring" => {
                if es {
                    "restaurando el enlace… paso"
                } else {
                    "restoring the link… step"
                }
            }
            "share" => {
                if es {
                    "Compartir"
                } else {
                    "Share"
                }
            }
            "embed" => {
                if es {
                    "Insertar"
                } else {
                    "Embed"
                }
            }
            "copy" => {
                if es {
                    "Copiar"
                } else {
                    "Copy"
                }
            }
            "close" => {
                if es {
                    "Cerrar"
                } else {
                    "Close"
                }
            }
            "copied" => {
                if es {
                    "Copiado al portapapeles."
                } else {
                    "Copied to the clipboard."
                }
            }
            "copy_by_hand" => {
                if es {
                    "El texto está seleccionado: cópialo con Ctrl+C (⌘C en un Mac)."
                } else {
                    "The text is selected: copy it with Ctrl+C (⌘C on a Mac)."
                }
            }
            "link_refused" => {
                if es {
                    "No se pudo restaurar este enlace; el lienzo empieza tal como lo hizo la página:"
                } else {
                    "This link could not be restored, so the canvas starts as the page made it:"
                }
            }
            "share_title" => {
                if es {
                    "Enlace a este momento"
                } else {
                    "Link to this moment"
                }
            }
            "share_note" => {
                if es {
                    "Quien lo abra verá este lienzo exactamente como está ahora, en este paso."
                } else {
                    "Whoever opens it sees this canvas exactly as it is now, at this step."
                }
            }
            "embed_title" => {
                if es {
                    "Insertar este lienzo"
                } else {
                    "Embed this canvas"
                }
            }
            "embed_note" => {
                if es {
                    "Pégalo en una página; cambia /steerlab/ por la ruta de los archivos de steerlab. Empieza con estos parámetros (y en este paso, en pausa); lo que se pulsó solo va en el enlace."
                } else {
                    "Paste it into a page; replace /steerlab/ with where the steerlab files are. It starts with these parameters (and at this step, paused); what was clicked is in the link only."
                }
            }
            _ => "",
        }
    }
}
