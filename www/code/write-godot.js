export function writeGodot() {
  throw new Error("steerlab code: godot: not yet");
}
