import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm run dev` runs the API (scripts/dev.ts); Vite forwards data requests there. */
const DEV_API_ORIGIN = 'http://127.0.0.1:3001';

export default defineConfig({
  root: '.',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // The e2e suite reads it to tell the back-office chunks apart from the public ones.
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React and the router change far less often than our code; in a chunk of their
        // own they stay cached across releases. Every page uses them, so nothing of the
        // back office comes along.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: DEV_API_ORIGIN },
      '/trpc': { target: DEV_API_ORIGIN },
    },
  },
  preview: {
    host: '127.0.0.1',
  },
});
