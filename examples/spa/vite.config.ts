import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Relative asset paths: the built app runs from wherever it is served.
export default defineConfig({ base: './', plugins: [react()], server: { port: 5173 } });
