import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on :3000; these prefixes go to it, everything else is the portal.
const API_TARGET = process.env.API_URL ?? 'http://127.0.0.1:3000';
const apiPrefixes = ['/auth', '/admin/', '/master/', '/public/', '/health', '/docs'];
const proxy = Object.fromEntries(
  apiPrefixes.map((prefix) => [
    prefix,
    {
      target: API_TARGET,
      // Portal pages such as /admin-dashboard or /master/admin-registration stay with Vite.
      bypass: (req: { headers: { accept?: string } }) =>
        req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
    },
  ]),
);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { port: 5173, proxy },
  // One bundle (~200 kB gzipped) for an intranet tool that is loaded once per session.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1024 },
});
