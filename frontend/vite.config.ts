import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a .br and a .gz beside every script and stylesheet of the build, compressed once at the highest levels, so the
 * API serves them as they are (express-static-gzip in configure-http-app.ts) instead of compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle).filter((file) => /\.(js|css|svg)$/.test(file))) {
        const file = path.join(dir, name);
        const bytes = await readFile(file);
        await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        await writeFile(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        );
      }
    },
  };
}

// The backend listens on 3000 in development; the browser only ever talks to /api on its own origin,
// so the session cookie stays same-origin.
const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
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
