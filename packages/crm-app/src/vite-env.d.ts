/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives when it is not on this origin under /api, e.g. https://desk.example.com/api. */
  readonly VITE_API_URL?: string
}
