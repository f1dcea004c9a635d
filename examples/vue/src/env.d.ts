// Our tags, their attributes, properties and events (with typed `detail`) for vue-tsc and Volar.
/// <reference types="sportello/vue" />

declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
