import { defineConfig } from "astro/config";

export default defineConfig({
  // The one line steerlab needs, for `astro dev` (Vite): serve steerlab as it is, not
  // pre-bundled, so its module finds steerlab_bg.wasm next to itself. `astro build` needs nothing.
  vite: { optimizeDeps: { exclude: ["steerlab"] } },
});
