interface ImportMetaEnv {
  /** The API's base URL as the browser sees it; `/api` (same origin) when unset. */
  readonly PUBLIC_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
