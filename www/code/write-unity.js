export function writeUnity() {
  throw new Error("steerlab code: unity: not yet");
}
