export async function runRust() { throw new Error("not yet"); }
export async function runRustCrate() { throw new Error("not yet"); }
