export async function runUnity() { throw new Error("not yet"); }
export function unityAllocations() { throw new Error("not yet"); }
export function unityTogether() { throw new Error("not yet"); }
