export function writeRust() {
  throw new Error("steerlab code: rust: not yet");
}
export function writeRustCrate() {
  throw new Error("steerlab code: rust-crate: not yet");
}
