import { reactRouter } from '@react-router/dev/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    alias: [
      { find: /^~\//, replacement: fileURLToPath(new URL('./app/', import.meta.url)) },
      // conform's zod adapter builds its coercion from zod's classic API; the mini API does the same
      // with a third of the bytes (docs/decisions/0003-zod-mini-for-forms.md).
      { find: /^zod\/v4$/, replacement: 'zod/mini' },
    ],
  },
  build: { target: 'es2022' },
})
