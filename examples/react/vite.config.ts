import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `base: './'`: the build works from any folder a test (or a portal) serves it from.
export default defineConfig({ plugins: [react()], base: './' });
