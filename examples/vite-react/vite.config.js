import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  // The one line steerlab needs: Vite's dev server must serve steerlab as it is (its module finds
  // steerlab_bg.wasm next to itself), not pre-bundled. The production build needs nothing.
  optimizeDeps: { exclude: ["steerlab"] },
});
