// The measures' and parameters' names in prose, one table per language: written from the measure.* and param.* keys of
// catalog/<tag>.txt by tests/words.rs. Do not edit: edit the catalogs, then run
// `STEERLAB_WRITE_WORDS=1 cargo test --test words`.
const WORDS = {
  en: {
    "measure.agents": "agents",
    "measure.avoiding": "agents avoiding an obstacle",
    "measure.braking": "agents braking",
    "measure.catches": "catches",
    "measure.caught": "catches",
    "measure.checks": "distance checks per step",
    "measure.closest_approach": "closest approach to a surface (px)",
    "measure.field_alignment": "alignment with the field",
    "measure.followers_in_ahead_zone": "followers in the forbidden zone",
    "measure.food_eaten": "food eaten",
    "measure.groups": "groups",
    "measure.look_ahead": "prediction time (s)",
    "measure.max_tube_distance": "farthest from the path (px)",
    "measure.mean_catch_time": "mean time to a catch (s)",
    "measure.mean_centroid_distance": "mean distance to the local centre (px)",
    "measure.mean_nearest": "mean distance to the nearest neighbour (px)",
    "measure.mean_neighbours": "mean neighbours",
    "measure.mean_overlaps": "mean overlapping pairs",
    "measure.mean_target_distance": "mean distance to their point (px)",
    "measure.min_nearest": "smallest distance between two agents (px)",
    "measure.naive_checks": "naive checks n·(n−1)",
    "measure.outside_walls": "agents outside the walls",
    "measure.overlaps": "overlapping pairs",
    "measure.overshoot": "overshoot (px)",
    "measure.path_distance": "distance to the path (px)",
    "measure.polarisation": "polarisation",
    "measure.prediction_outside": "predictions outside the tube",
    "measure.prey_distance": "hunter to the nearest prey (px)",
    "measure.quarry_distance": "distance to the quarry (px)",
    "measure.queue_braking_enabled": "brake on",
    "measure.speed": "speed (px/s)",
    "measure.target_distance": "distance to the target (px)",
    "measure.through": "agents through the door",
    "measure.throughput": "throughput (agents/s)",
    "measure.time": "simulation time (s)",
    "measure.touching_walls": "agents touching a wall",
    "measure.tube_distance": "distance to the path (px)",
    "measure.waypoint_direction": "direction along the path",
    "measure.waypoint_index": "active waypoint",
    "measure.waypoint_indices": "active waypoints",
    "param.alignment.weight": "alignment",
    "param.cohesion.weight": "cohesion",
    "param.motion.max_speed": "maximum speed (max_speed)",
    "param.path_waypoints.arrive_radius": "arrival radius (arrive_radius)",
    "param.perception": "perception radius (perception)",
    "param.queue.braking": "braking",
    "param.queue.cone_length": "cone length (cone_length)",
    "param.queue.door_interval": "door: seconds per agent",
    "param.separation.sep_dist": "separation distance (sep_dist)",
    "param.separation.weight": "separation",
  },
  es: {
    "measure.agents": "agentes",
    "measure.avoiding": "agentes esquivando un obstáculo",
    "measure.braking": "agentes frenando",
    "measure.catches": "capturas",
    "measure.caught": "capturas",
    "measure.checks": "comprobaciones de distancia por paso",
    "measure.closest_approach": "máximo acercamiento a una superficie (px)",
    "measure.field_alignment": "alineación con el campo",
    "measure.followers_in_ahead_zone": "seguidores en la zona prohibida",
    "measure.food_eaten": "comida consumida",
    "measure.groups": "grupos",
    "measure.look_ahead": "tiempo de predicción (s)",
    "measure.max_tube_distance": "máxima distancia al camino (px)",
    "measure.mean_catch_time": "tiempo medio hasta una captura (s)",
    "measure.mean_centroid_distance": "distancia media al centro local (px)",
    "measure.mean_nearest": "distancia media al vecino más cercano (px)",
    "measure.mean_neighbours": "vecinos medios",
    "measure.mean_overlaps": "parejas solapadas de media",
    "measure.mean_target_distance": "distancia media a su punto (px)",
    "measure.min_nearest": "distancia mínima entre dos agentes (px)",
    "measure.naive_checks": "comprobaciones ingenuas n·(n−1)",
    "measure.outside_walls": "agentes fuera de las paredes",
    "measure.overlaps": "parejas solapadas",
    "measure.overshoot": "distancia que se pasó (px)",
    "measure.path_distance": "distancia al camino (px)",
    "measure.polarisation": "polarización",
    "measure.prediction_outside": "predicciones fuera del tubo",
    "measure.prey_distance": "del cazador a la presa más cercana (px)",
    "measure.quarry_distance": "distancia a la presa (px)",
    "measure.queue_braking_enabled": "freno activado",
    "measure.speed": "velocidad (px/s)",
    "measure.target_distance": "distancia al objetivo (px)",
    "measure.through": "agentes que han cruzado la puerta",
    "measure.throughput": "flujo (agentes/s)",
    "measure.time": "tiempo de simulación (s)",
    "measure.touching_walls": "agentes tocando una pared",
    "measure.tube_distance": "distancia al camino (px)",
    "measure.waypoint_direction": "sentido en el camino",
    "measure.waypoint_index": "waypoint activo",
    "measure.waypoint_indices": "waypoints activos",
    "param.alignment.weight": "alineación",
    "param.cohesion.weight": "cohesión",
    "param.motion.max_speed": "velocidad máxima (max_speed)",
    "param.path_waypoints.arrive_radius": "radio de llegada (arrive_radius)",
    "param.perception": "radio de percepción (perception)",
    "param.queue.braking": "freno",
    "param.queue.cone_length": "largo del cono (cone_length)",
    "param.queue.door_interval": "puerta: segundos por agente",
    "param.separation.sep_dist": "distancia de separación (sep_dist)",
    "param.separation.weight": "separación",
  },
};

/** The catalog of a language tag (`es-MX` → es), else English. */
function tableOf(lang) {
  const tag = String(lang || "").trim().toLowerCase().split(/[-_]/)[0];
  return Object.hasOwn(WORDS, tag) ? WORDS[tag] : WORDS.en;
}

/** The text of a `measure.* or param.*` key in `lang` (by default the page's: the primary subtag of
*  <html lang>); a key no catalog has throws. Safe to import outside a browser. */
export function has(key, lang = globalThis.document?.documentElement.lang) {
  return Object.hasOwn(tableOf(lang), key);
}

export function t(key, lang = globalThis.document?.documentElement.lang) {
  const table = tableOf(lang);
  if (!Object.hasOwn(table, key)) throw new Error(`steerlab: no words for ${key}`);
  return table[key];
}
