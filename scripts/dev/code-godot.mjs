export async function runGodot() { throw new Error("not yet"); }
