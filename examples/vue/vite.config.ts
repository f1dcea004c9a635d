import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  base: './',
  plugins: [
    vue({
      // `sportello-*` tags are custom elements, not Vue components: Vue leaves them to the browser
      // and sets bound values as properties when the element has one (`:token-provider`, `:catalog`).
      template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('sportello-') } },
    }),
  ],
});
