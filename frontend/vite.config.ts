import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The backend listens on 3000 in development; the browser only ever talks to /api on its own origin,
// so the session cookie stays same-origin.
const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  // The contract is TypeScript source shared with the backend: bundle it from source, no build needed.
  resolve: { alias: { '@zhengai/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // echarts (with zrender), even cut to the parts components/charts/echarts-parts.ts registers, is the biggest
          // library: keep it in its own chunk, reached only through the dynamic import in components/charts, so
          // pages without charts never download it.
          groups: [{ name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/ }],
        },
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { proxy: apiProxy },
});
